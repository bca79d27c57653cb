// What the wire shows of products and orders (contract earn.ts); the arithmetic is the contract's.
import {
  earnDailyInterestMinor,
  earnDamagesMinor,
  formatAmount,
  formatEarnRate,
  formatPenaltyRate,
  type CurrencyKey,
  type EarnOrder,
  type EarnOrderStatus,
  type EarnProduct,
  type LocaleKey,
} from '@ampere/contract';
import type { AdminEarnProduct } from '@ampere/contract/admin';
import type { EarnCalendar } from './days.js';
import type { OrderRow } from './orders.repository.js';
import type { ProductRow } from './products.repository.js';

export const currencyOf = (text: string): CurrencyKey => (text === 'usdt' ? 'usdt' : 'money');

const textIn = (texts: Record<string, string>, locale: LocaleKey) =>
  texts[locale] ?? texts['en-US'] ?? '';

/** Active and inside its sale window at `nowMs`. */
export function isOnSale(p: ProductRow, nowMs: number): boolean {
  return (
    p.status === 'active' &&
    (p.saleStartsAtMs === null || p.saleStartsAtMs <= nowMs) &&
    (p.saleEndsAtMs === null || nowMs < p.saleEndsAtMs)
  );
}

/** What `subscribed` (the caller's, per product) leaves of each quota; null: no quota. */
export function remaining(p: ProductRow, userSubscribed: bigint) {
  const left = (quota: bigint | null, used: bigint) =>
    quota === null ? null : quota > used ? quota - used : 0n;
  return {
    user: left(p.userQuotaMinor, userSubscribed),
    total: left(p.totalQuotaMinor, p.subscribedMinor),
  };
}

export function toProduct(
  p: ProductRow,
  locale: LocaleKey,
  userSubscribed: bigint,
  nowMs: number,
): EarnProduct {
  const c = currencyOf(p.currency);
  const left = remaining(p, userSubscribed);
  return {
    id: p.id.toString(),
    name: textIn(p.names, locale),
    description: textIn(p.descriptions, locale),
    currency: c,
    dailyRate: formatEarnRate(p.rateE8),
    cycleDays: p.cycleDays,
    min: formatAmount(p.minMinor, c),
    max: formatAmount(p.maxMinor, c),
    userRemaining: left.user === null ? null : formatAmount(left.user, c),
    totalRemaining: left.total === null ? null : formatAmount(left.total, c),
    penaltyRate: formatPenaltyRate(p.penaltyBps),
    saleStartsAt: p.saleStartsAtMs,
    saleEndsAt: p.saleEndsAtMs,
    onSale: isOnSale(p, nowMs),
  };
}

export function toAdminProduct(
  p: ProductRow,
  hosting: { orders: number; principalMinor: bigint } | undefined,
): AdminEarnProduct {
  const c = currencyOf(p.currency);
  const orNull = (v: bigint | null) => (v === null ? null : formatAmount(v, c));
  return {
    id: p.id.toString(),
    names: p.names,
    descriptions: p.descriptions,
    currency: c,
    dailyRate: formatEarnRate(p.rateE8),
    cycleDays: p.cycleDays,
    min: formatAmount(p.minMinor, c),
    max: formatAmount(p.maxMinor, c),
    userQuota: orNull(p.userQuotaMinor),
    totalQuota: orNull(p.totalQuotaMinor),
    penaltyRate: formatPenaltyRate(p.penaltyBps),
    saleStartsAt: p.saleStartsAtMs,
    saleEndsAt: p.saleEndsAtMs,
    status: p.status === 'paused' ? 'paused' : 'active',
    sortOrder: p.sortOrder,
    subscribed: formatAmount(p.subscribedMinor, c),
    hostingOrders: hosting?.orders ?? 0,
    hostingPrincipal: formatAmount(hosting?.principalMinor ?? 0n, c),
  };
}

/** What redeeming `o` now would do: damages on the principal, the rest refunded. */
export function redemptionOf(o: OrderRow) {
  const damagesMinor = earnDamagesMinor(o.principalMinor, o.penaltyBps);
  return { damagesMinor, refundMinor: o.principalMinor - damagesMinor };
}

const STATUSES: readonly EarnOrderStatus[] = ['hosting', 'settled', 'cancelled'];

export function toOrder(o: OrderRow, name: string, calendar: EarnCalendar): EarnOrder {
  const c = currencyOf(o.currency);
  const hosting = o.status === 'hosting';
  const now = hosting ? redemptionOf(o) : undefined;
  return {
    id: o.id.toString(),
    productId: o.productId.toString(),
    name,
    currency: c,
    amount: formatAmount(o.principalMinor, c),
    status: STATUSES.find((s) => s === o.status) ?? 'hosting',
    time: o.createdAtMs,
    dailyRate: formatEarnRate(o.rateE8),
    cycleDays: o.cycleDays,
    dailyIncome: formatAmount(earnDailyInterestMinor(o.principalMinor, o.rateE8), c),
    holdingDays: o.accruedDays,
    totalIncome: formatAmount(o.interestPaidMinor, c),
    nextSettlement: hosting ? calendar.dayStartMs(o.nextDueDay) : null,
    maturesAt: calendar.dayStartMs(o.startDay + o.cycleDays),
    penaltyRate: formatPenaltyRate(o.penaltyBps),
    liquidatedDamages: formatAmount(now?.damagesMinor ?? o.damagesMinor ?? 0n, c),
    refundAmount: formatAmount(now?.refundMinor ?? o.refundMinor ?? 0n, c),
    closedAt: o.closedAtMs,
  };
}

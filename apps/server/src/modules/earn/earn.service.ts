import type {
  EarnOrder,
  EarnOrderDetail,
  EarnOrdersQuery,
  EarnSummary,
  LocaleKey,
} from '@ampere/contract';
import { formatAmount } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Bus } from '../realtime/bus.js';
import { createAccrual } from './accrual.js';
import { earnCalendar } from './days.js';
import { createOrdersRepository } from './orders.repository.js';
import { createProducts } from './products.js';
import { createProductsRepository } from './products.repository.js';
import { createRedemption } from './redemption.js';
import { createSubscribing, type FundPasswordCheck } from './subscribing.js';
import { currencyOf, toOrder } from './views.js';

/**
 * Earn (docs/earn.md), composed from its use cases: products (products.ts), subscribing,
 * daily accrual and maturity (accrual.ts), early redemption; here, the caller's reads.
 */
export function createEarnService(deps: {
  db: Db;
  ledger: LedgerService;
  /** Maturity writes "Earn order matured" to the owner's inbox in its own transaction. */
  notifications: NotificationsService;
  audit: AuditService;
  bus?: Bus;
  /** Epoch ms: the clock every rule reads (tests and the E2E drive it). */
  now?: () => number;
  /** Minutes east of UTC where the operator's day starts (OPERATOR_UTC_OFFSET_MINUTES). */
  utcOffsetMinutes: number;
  checkFundPassword: FundPasswordCheck;
}) {
  const { db, ledger, notifications, audit, bus, utcOffsetMinutes, checkFundPassword } = deps;
  const now = deps.now ?? Date.now;
  const calendar = earnCalendar(utcOffsetMinutes);
  const shared = { db, ledger, notifications, bus, calendar, now, checkFundPassword };

  async function names(locale: LocaleKey): Promise<Map<bigint, string>> {
    const rows = await createProductsRepository(db).all();
    return new Map(rows.map((p) => [p.id, p.names[locale] ?? p.names['en-US'] ?? '']));
  }

  return {
    calendar,
    ...createProducts({ db, audit, now }),
    ...createSubscribing(shared),
    ...createAccrual(shared),
    ...createRedemption(shared),

    async orders(
      userId: bigint,
      q: EarnOrdersQuery,
      locale: LocaleKey,
    ): Promise<{ items: EarnOrder[]; nextCursor: string | null }> {
      const status = q.status === 'redeemed' ? 'cancelled' : q.status;
      const cursor = q.cursor === undefined ? undefined : BigInt(q.cursor);
      const [rows, n] = await Promise.all([
        createOrdersRepository(db).page(userId, status, cursor, q.limit + 1),
        names(locale),
      ]);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        items: page.map((o) => toOrder(o, n.get(o.productId) ?? '', calendar)),
        nextCursor: rows.length > q.limit && last ? last.id.toString() : null,
      };
    },

    async order(userId: bigint, id: bigint, locale: LocaleKey): Promise<EarnOrderDetail> {
      const repo = createOrdersRepository(db);
      const row = await repo.ofUser(userId, id);
      if (!row) throw new AppError('EARN_ORDER_NOT_FOUND');
      const [incomes, n] = await Promise.all([repo.incomes(id), names(locale)]);
      const c = currencyOf(row.currency);
      return {
        order: toOrder(row, n.get(row.productId) ?? '', calendar),
        incomes: incomes.map((a) => ({
          day: calendar.label(a.day),
          amount: formatAmount(a.amountMinor, c),
          paidAt: a.paidAtMs,
        })),
      };
    },

    async summary(userId: bigint): Promise<EarnSummary> {
      const yesterday = calendar.dayOf(now()) - 1;
      const rows = await createOrdersRepository(db).summary(userId, yesterday);
      const of = (c: 'money' | 'usdt') => {
        const r = rows.find((x) => x.currency === c);
        return {
          held: formatAmount(r?.held ?? 0n, c),
          totalEarned: formatAmount(r?.earned ?? 0n, c),
          yesterday: formatAmount(r?.dayIncome ?? 0n, c),
          hosting: r?.hosting ?? 0,
        };
      };
      return { money: of('money'), usdt: of('usdt') };
    },
  };
}

export type EarnService = ReturnType<typeof createEarnService>;

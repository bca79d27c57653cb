import { z } from 'zod/mini';
import { currencyKeySchema, type CurrencyKey } from './money.js';
import { divRound } from './money/rounding.js';
import { idParam, intParam } from './params.js';

/**
 * Earn (docs/earn.md): fixed-term savings with a daily interest rate. The arithmetic lives here,
 * once, so the product page's promise, the server's accrual and the redemption preview are the
 * same computation.
 */

/** Decimals a daily rate may have ("0.0015" = 0.15 %/day); stored as rate × 10^8. */
export const EARN_RATE_SCALE = 8;
const RATE_ONE = 10n ** BigInt(EARN_RATE_SCALE);
/** Decimals a liquidated-damages rate may have ("0.05" = 5 % of the principal); stored in bps. */
export const EARN_PENALTY_SCALE = 4;
/** The longest cycle a product may have. */
export const EARN_CYCLE_MAX_DAYS = 1_095;

/** "0.0015" → 150000 (× 10^8); undefined for anything but a plain decimal in [0, 1). */
export function earnRateUnits(text: string): bigint | undefined {
  const m = /^0(?:\.([0-9]{1,8}))?$/.exec(text);
  if (!m) return undefined;
  return BigInt((m[1] ?? '').padEnd(EARN_RATE_SCALE, '0'));
}

/** 150000 → "0.0015": the rate as a decimal string, trailing zeros trimmed. */
export function formatEarnRate(units: bigint): string {
  const digits = units.toString().padStart(EARN_RATE_SCALE, '0');
  const fraction = digits.slice(-EARN_RATE_SCALE).replace(/0+$/, '');
  const whole = digits.slice(0, -EARN_RATE_SCALE) || '0';
  return fraction ? `${whole}.${fraction}` : whole;
}

/** "0.05" → 500 (basis points); undefined unless a decimal in [0, 1] with ≤ 4 decimals. */
export function penaltyBps(text: string): number | undefined {
  const m = /^(0|1)(?:\.([0-9]{1,4}))?$/.exec(text);
  if (!m) return undefined;
  const bps = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(EARN_PENALTY_SCALE, '0'));
  return bps <= 10_000 ? bps : undefined;
}

export const formatPenaltyRate = (bps: number): string =>
  formatEarnRate(BigInt(bps) * 10n ** BigInt(EARN_RATE_SCALE - EARN_PENALTY_SCALE));

/**
 * One day's interest in minor units: principal × daily rate, rounded DOWN (floor) to the
 * currency's scale. The principal never changes, so every day of a cycle pays the same amount
 * and the promised total is exactly `cycleDays ×` this — the sum of what is paid.
 */
export function earnDailyInterestMinor(principalMinor: bigint, rateUnits: bigint): bigint {
  return divRound(principalMinor * rateUnits, RATE_ONE, 'floor');
}

/**
 * Liquidated damages for redeeming early: principal × penalty rate, rounded DOWN (in the
 * saver's favour) to the currency's scale. The refund is the principal less the damages;
 * interest already paid stays paid.
 */
export function earnDamagesMinor(principalMinor: bigint, bps: number): bigint {
  return divRound(principalMinor * BigInt(bps), 10_000n, 'floor');
}

// ---- Products --------------------------------------------------------------------------------

const amount = z
  .string()
  .check(z.describe('decimal string in the currency’s scale, e.g. "100.00"'));

export const earnProductSchema = z.object({
  id: z.string(),
  /** In the caller's language (English where it has none). */
  name: z.string(),
  description: z.string(),
  currency: currencyKeySchema,
  /** Interest per day as a fraction of the principal ("0.0015" = 0.15 %). */
  dailyRate: z.string(),
  cycleDays: z.int(),
  /** Single-purchase limits. */
  min: amount,
  max: amount,
  /** What the caller may still subscribe (per-user quota less what they did); null: no quota. */
  userRemaining: z.nullable(amount),
  /** What is left of the total quota; null: no quota. */
  totalRemaining: z.nullable(amount),
  /** Liquidated damages for early redemption, a fraction of the principal ("0.05" = 5 %). */
  penaltyRate: z.string(),
  /** Epoch ms; null: open-ended. */
  saleStartsAt: z.nullable(z.number()),
  saleEndsAt: z.nullable(z.number()),
  /** Active and inside its sale window: a subscription would be taken now. */
  onSale: z.boolean(),
});
export type EarnProduct = z.infer<typeof earnProductSchema>;

export const earnProductListSchema = z.object({ items: z.array(earnProductSchema) });

export const earnProductQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  id: idParam,
});

// ---- Subscribing -----------------------------------------------------------------------------

/** POST user/earnBuy (form; Idempotency-Key header). `password`: the fund password, if set. */
export const earnBuyRequestSchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  productId: idParam,
  amount: z.string().check(z.maxLength(40)),
  password: z.optional(z.string().check(z.maxLength(128))),
});
export type EarnBuyRequest = z.infer<typeof earnBuyRequestSchema>;

// ---- Orders ----------------------------------------------------------------------------------

/** SPEC §4: Hosting, Settled, Cancelled (shown as Redeemed). */
export const EARN_ORDER_STATUSES = ['hosting', 'settled', 'cancelled'] as const;
export type EarnOrderStatus = (typeof EARN_ORDER_STATUSES)[number];
/** The order list's tabs: Hosting, Settled, Redeemed (= cancelled). */
export const EARN_ORDER_TABS = ['hosting', 'settled', 'redeemed'] as const;

export const earnOrderSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  currency: currencyKeySchema,
  /** The principal. */
  amount: amount,
  status: z.enum(EARN_ORDER_STATUSES),
  /** Subscribed at, epoch ms. */
  time: z.number(),
  dailyRate: z.string(),
  cycleDays: z.int(),
  /** Interest of one day (the same every day). */
  dailyIncome: amount,
  /** Days paid so far. */
  holdingDays: z.int(),
  /** Interest paid so far. */
  totalIncome: amount,
  /** When the next day's interest is paid (epoch ms); null once the order is closed. */
  nextSettlement: z.nullable(z.number()),
  /** When the principal returns (epoch ms). */
  maturesAt: z.number(),
  penaltyRate: z.string(),
  /** Damages if redeemed now (Hosting) or as charged (Redeemed); "0…" when Settled. */
  liquidatedDamages: amount,
  /** What redeeming now returns (Hosting), or what was returned (Settled, Redeemed). */
  refundAmount: amount,
  /** Closed at, epoch ms. */
  closedAt: z.nullable(z.number()),
});
export type EarnOrder = z.infer<typeof earnOrderSchema>;

export const EARN_PAGE_MAX = 50;
export const earnOrdersQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  status: z._default(z.enum(EARN_ORDER_TABS), 'hosting'),
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, EARN_PAGE_MAX), 20),
});
export type EarnOrdersQuery = z.infer<typeof earnOrdersQuerySchema>;

export const earnOrderListSchema = z.object({
  items: z.array(earnOrderSchema),
  nextCursor: z.nullable(z.string()),
});

export const earnOrderQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  id: idParam,
});

export const earnIncomeSchema = z.object({
  /** The day the interest is for, `YYYY-MM-DD` in the operator's time zone. */
  day: z.string(),
  amount: amount,
  /** Paid at, epoch ms. */
  paidAt: z.number(),
});

/** GET user/earnOrder: the order and its day-by-day income, newest day first. */
export const earnOrderDetailSchema = z.object({
  order: earnOrderSchema,
  incomes: z.array(earnIncomeSchema),
});
export type EarnOrderDetail = z.infer<typeof earnOrderDetailSchema>;

// ---- Redemption ------------------------------------------------------------------------------

/** GET user/earnRedeemPreview: what redeeming now does, exactly. */
export const earnRedeemPreviewSchema = z.object({
  id: z.string(),
  currency: currencyKeySchema,
  principal: amount,
  /** Interest paid so far (kept). */
  interestPaid: amount,
  holdingDays: z.int(),
  liquidatedDamages: amount,
  /** principal − damages: what returns to the available balance. */
  refundAmount: amount,
});
export type EarnRedeemPreview = z.infer<typeof earnRedeemPreviewSchema>;

/**
 * POST user/earnRedeem (form; Idempotency-Key): the preview's figures, sent back. The server
 * redeems only if they are still exactly what it would do; else EARN_QUOTE_CHANGED.
 */
export const earnRedeemRequestSchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  id: idParam,
  principal: z.string().check(z.maxLength(40)),
  interestPaid: z.string().check(z.maxLength(40)),
  liquidatedDamages: z.string().check(z.maxLength(40)),
  refundAmount: z.string().check(z.maxLength(40)),
  password: z.optional(z.string().check(z.maxLength(128))),
});
export type EarnRedeemRequest = z.infer<typeof earnRedeemRequestSchema>;

// ---- Summary ---------------------------------------------------------------------------------

export const earnCurrencySummarySchema = z.object({
  /** Principal of Hosting orders. */
  held: amount,
  /** Interest ever paid. */
  totalEarned: amount,
  /** Interest paid for yesterday (operator's day). */
  yesterday: amount,
  hosting: z.int(),
});

/** GET user/earnSummary. */
export const earnSummarySchema = z.object({
  money: earnCurrencySummarySchema,
  usdt: earnCurrencySummarySchema,
});
export type EarnSummary = z.infer<typeof earnSummarySchema>;

/** Currencies, for iterating the summary. */
export const EARN_CURRENCIES: readonly CurrencyKey[] = ['money', 'usdt'];

import { z } from 'zod';
import { idParam, intField, intParam } from './params.js';
import { currencyKeySchema } from './money.js';
import { chainTickSchema, symbolSchema } from './market.js';

/** "Buy more" bets the price ends above the strike; "buy less" below (SPEC §1). */
export const DIRECTIONS = ['up', 'down'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * `open` while the countdown runs (shown as Trading); then exactly one outcome (Closed):
 * `won`, `lost`, `tie` (stake refunded) or `void` (no tick inside the window: refunded).
 */
/**
 * Which money an order is placed with (docs/trading-rules.md, Practice): `real`, or the user's
 * practice book of virtual USDT. Requests default to `real`, so a client that never names a book
 * is unchanged; no path moves practice money into a real balance.
 */
export const BOOKS = ['real', 'practice'] as const;
export type Book = (typeof BOOKS)[number];
export const bookSchema = z.enum(BOOKS);

export const ORDER_STATUSES = ['open', 'won', 'lost', 'tie', 'void'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const amount = z.string().describe('decimal string in the currency’s scale, e.g. "100.00"');

export const periodSchema = z.object({
  /** Seconds from acceptance to expiry. */
  seconds: z.number().int(),
  /** Profit on a win as a fraction of the stake, a decimal string ("0.85" = 85 %). */
  payoutRate: z.string(),
  limits: z.object({
    money: z.object({ min: amount, max: amount }),
    usdt: z.object({ min: amount, max: amount }),
  }),
});
export type Period = z.infer<typeof periodSchema>;

export const periodsQuerySchema = z.strictObject({
  lang: z.string().max(16).optional(),
  symbol: symbolSchema,
});

/** GET trade/periods: what the trade screen offers for one product, and the public rules. */
export const periodsSchema = z.object({
  symbol: z.string(),
  items: z.array(periodSchema),
});

/** POST user/buy (form). The stake is `amount` in `currency`; `period` is seconds. */
export const buyRequestSchema = z.strictObject({
  lang: z.string().max(16).optional(),
  symbol: symbolSchema,
  direction: z.enum(DIRECTIONS),
  amount: z.string().min(1).max(40),
  currency: currencyKeySchema,
  period: intField(1, 86_400),
  /** `practice`: the stake comes from the practice book (USDT only). Default `real`. */
  book: bookSchema.default('real'),
});
export type BuyRequest = z.infer<typeof buyRequestSchema>;

export const orderSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  /** The product's display name in the caller's language. */
  name: z.string(),
  direction: z.enum(DIRECTIONS),
  currency: currencyKeySchema,
  /** `practice`: virtual money of the practice book, never part of a real balance. */
  book: bookSchema,
  /** The stake. */
  amount,
  period: z.number().int(),
  payoutRate: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Entry: the latest published tick when the order was accepted. */
  strikePrice: z.string(),
  strikeTime: z.number().int(),
  openedAt: z.number().int(),
  expiresAt: z.number().int(),
  /** Seconds left on the countdown (0 once expired). */
  secondsRemaining: z.number().int(),
  /** Exit: the latest tick at or before expiry; null while open or when void. */
  exitPrice: z.string().nullable(),
  exitTime: z.number().int().nullable(),
  /** What came back to the available balance at settlement (stake + profit, the stake, or 0). */
  payout: amount.nullable(),
  /** payout − stake: positive on a win, −stake on a loss, 0 on a tie or void. */
  profit: amount.nullable(),
  settledAt: z.number().int().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const ORDER_PAGE_MAX = 50;

/** GET user/orderList: settled orders, newest first. */
export const orderListQuerySchema = z.strictObject({
  lang: z.string().max(16).optional(),
  symbol: symbolSchema.optional(),
  currency: currencyKeySchema.optional(),
  /** Which book's orders (default `real`). */
  book: bookSchema.default('real'),
  /** The `nextCursor` of the previous page. */
  cursor: idParam.optional(),
  limit: intParam(1, ORDER_PAGE_MAX).default(20),
});

export const orderListSchema = z.object({
  items: z.array(orderSchema),
  nextCursor: z.string().nullable(),
});

/** GET user/newOrderList: the caller's open orders, soonest expiry first. */
export const openOrdersQuerySchema = z.strictObject({
  lang: z.string().max(16).optional(),
  symbol: symbolSchema.optional(),
  /** Which book's orders (default `real`). */
  book: bookSchema.default('real'),
});

export const openOrdersSchema = z.object({ items: z.array(orderSchema) });

export const receiptQuerySchema = z.strictObject({
  lang: z.string().max(16).optional(),
  id: idParam,
});

/**
 * GET user/orderReceipt: everything needed to re-check an outcome by hand: the strike and exit
 * ticks with their chain hashes, a published chain head at or after the exit, and the server's
 * own verification of the chain from strike to that head.
 */
export const receiptSchema = z.object({
  order: orderSchema,
  strikeTick: chainTickSchema,
  exitTick: chainTickSchema.nullable(),
  head: z.object({ minuteMs: z.number().int(), tickId: z.string(), hash: z.string() }).nullable(),
  verification: z.object({
    ok: z.boolean(),
    checked: z.number().int(),
    /** Strike → head (or → exit when no head is published yet). */
    fromTickId: z.string(),
    toTickId: z.string(),
  }),
});
export type Receipt = z.infer<typeof receiptSchema>;

const optionalAmount = z
  .string()
  .max(40)
  .describe('decimal string, or empty for no limit')
  .optional();

/**
 * POST user/tradeLimits (form): the caller's own responsible-trading limits. An empty field
 * removes that limit. `tz` (minutes east of UTC) says where the caller's day starts.
 */
export const tradeLimitsRequestSchema = z.strictObject({
  lang: z.string().max(16).optional(),
  dailyLossMoney: optionalAmount,
  dailyLossUsdt: optionalAmount,
  dailyTrades: z
    .string()
    .regex(/^(|[1-9]\d{0,3})$/)
    .optional(),
  reminderMinutes: z
    .string()
    .regex(/^(|[1-9]\d{0,3})$/)
    .optional(),
  tz: intField(-840, 840).default(0),
});

export type TradeLimitsRequest = z.infer<typeof tradeLimitsRequestSchema>;

/** GET user/tradeLimits: the limits, and today's figures they are checked against. */
export const tradeLimitsSchema = z.object({
  dailyLossMoney: amount.nullable(),
  dailyLossUsdt: amount.nullable(),
  dailyTrades: z.number().int().nullable(),
  reminderMinutes: z.number().int().nullable(),
  tz: z.number().int(),
  today: z.object({
    /** Orders opened today. */
    orders: z.number().int(),
    /** Net result of today's settled orders per currency (negative: a loss). */
    net: z.object({ money: amount, usdt: amount }),
    /** Stakes of today's orders still open per currency. */
    open: z.object({ money: amount, usdt: amount }),
  }),
});
export type TradeLimits = z.infer<typeof tradeLimitsSchema>;

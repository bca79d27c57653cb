import { z } from 'zod/mini';
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

const amount = z
  .string()
  .check(z.describe('decimal string in the currency’s scale, e.g. "100.00"'));

export const periodSchema = z.object({
  /** Seconds from acceptance to expiry. */
  seconds: z.int(),
  /** Profit on a win as a fraction of the stake, a decimal string ("0.85" = 85 %). */
  payoutRate: z.string(),
  limits: z.object({
    money: z.object({ min: amount, max: amount }),
    usdt: z.object({ min: amount, max: amount }),
  }),
});
export type Period = z.infer<typeof periodSchema>;

export const periodsQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  symbol: symbolSchema,
});

/** GET trade/periods: what the trade screen offers for one product, and the public rules. */
export const periodsSchema = z.object({
  symbol: z.string(),
  items: z.array(periodSchema),
});

/** POST user/buy (form). The stake is `amount` in `currency`; `period` is seconds. */
export const buyRequestSchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  symbol: symbolSchema,
  direction: z.enum(DIRECTIONS),
  amount: z.string().check(z.minLength(1), z.maxLength(40)),
  currency: currencyKeySchema,
  period: intField(1, 86_400),
  /** `practice`: the stake comes from the practice book (USDT only). Default `real`. */
  book: z._default(bookSchema, 'real'),
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
  period: z.int(),
  payoutRate: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Entry: the latest published tick when the order was accepted. */
  strikePrice: z.string(),
  strikeTime: z.int(),
  openedAt: z.int(),
  expiresAt: z.int(),
  /** Seconds left on the countdown (0 once expired). */
  secondsRemaining: z.int(),
  /** Exit: the latest tick at or before expiry; null while open or when void. */
  exitPrice: z.nullable(z.string()),
  exitTime: z.nullable(z.int()),
  /** What came back to the available balance at settlement (stake + profit, the stake, or 0). */
  payout: z.nullable(amount),
  /** payout − stake: positive on a win, −stake on a loss, 0 on a tie or void. */
  profit: z.nullable(amount),
  settledAt: z.nullable(z.int()),
});
export type Order = z.infer<typeof orderSchema>;

export const ORDER_PAGE_MAX = 50;

/** GET user/orderList: settled orders, newest first. */
export const orderListQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  symbol: z.optional(symbolSchema),
  currency: z.optional(currencyKeySchema),
  /** Which book's orders (default `real`). */
  book: z._default(bookSchema, 'real'),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, ORDER_PAGE_MAX), 20),
});

export const orderListSchema = z.object({
  items: z.array(orderSchema),
  nextCursor: z.nullable(z.string()),
});

/** GET user/newOrderList: the caller's open orders, soonest expiry first. */
export const openOrdersQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  symbol: z.optional(symbolSchema),
  /** Which book's orders (default `real`). */
  book: z._default(bookSchema, 'real'),
});

export const openOrdersSchema = z.object({ items: z.array(orderSchema) });

export const receiptQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
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
  exitTick: z.nullable(chainTickSchema),
  head: z.nullable(z.object({ minuteMs: z.int(), tickId: z.string(), hash: z.string() })),
  verification: z.object({
    ok: z.boolean(),
    checked: z.int(),
    /** Strike → head (or → exit when no head is published yet). */
    fromTickId: z.string(),
    toTickId: z.string(),
  }),
});
export type Receipt = z.infer<typeof receiptSchema>;

const optionalAmount = z.optional(
  z.string().check(z.maxLength(40), z.describe('decimal string, or empty for no limit')),
);

/**
 * POST user/tradeLimits (form): the caller's own responsible-trading limits. An empty field
 * removes that limit. `tz` (minutes east of UTC) says where the caller's day starts.
 */
export const tradeLimitsRequestSchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  dailyLossMoney: optionalAmount,
  dailyLossUsdt: optionalAmount,
  dailyTrades: z.optional(z.string().check(z.regex(/^(|[1-9]\d{0,3})$/))),
  reminderMinutes: z.optional(z.string().check(z.regex(/^(|[1-9]\d{0,3})$/))),
  tz: z._default(intField(-840, 840), 0),
});

export type TradeLimitsRequest = z.infer<typeof tradeLimitsRequestSchema>;

/** GET user/tradeLimits: the limits, and today's figures they are checked against. */
export const tradeLimitsSchema = z.object({
  dailyLossMoney: z.nullable(amount),
  dailyLossUsdt: z.nullable(amount),
  dailyTrades: z.nullable(z.int()),
  reminderMinutes: z.nullable(z.int()),
  tz: z.int(),
  today: z.object({
    /** Orders opened today. */
    orders: z.int(),
    /** Net result of today's settled orders per currency (negative: a loss). */
    net: z.object({ money: amount, usdt: amount }),
    /** Stakes of today's orders still open per currency. */
    open: z.object({ money: amount, usdt: amount }),
  }),
});
export type TradeLimits = z.infer<typeof tradeLimitsSchema>;

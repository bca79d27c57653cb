import { z } from 'zod/mini';
import { currencyKeySchema } from '../money.js';
import { DIRECTIONS } from '../trading.js';
import { PRODUCT_TRADING_STATES } from './settings.js';

const amount = z
  .string()
  .check(z.describe('decimal string in the currency’s scale, e.g. "1234.50"'));

/**
 * A queue of work waiting for staff, as the module that owns it reports it (adjustments to
 * approve, …). Only modules with such work contribute one; none is made up.
 */
export const pendingQueueSchema = z.object({
  name: z.string(),
  count: z.int(),
  /** When the oldest waiting item arrived; null when the queue is empty. */
  oldestAt: z.nullable(z.iso.datetime()),
});
export type PendingQueue = z.infer<typeof pendingQueueSchema>;

/** A count and a sum in one currency. */
export const currencyTotalSchema = z.object({
  currency: currencyKeySchema,
  count: z.int(),
  amount,
});
export type CurrencyTotal = z.infer<typeof currencyTotalSchema>;

/**
 * The ledger's journals of one kind in one currency: how many, and the money they moved (the
 * sum of their positive postings in that currency: a journal balances, so that is also the sum
 * of its negative ones).
 */
export const journalTotalSchema = z.extend(currencyTotalSchema, { kind: z.string() });

/** Open orders of one product, direction and currency. */
export const exposureSchema = z.object({
  symbol: z.string(),
  direction: z.enum(DIRECTIONS),
  currency: currencyKeySchema,
  orders: z.int(),
  /** Σ stakes. */
  stake: amount,
  /** What the users would get back if every one of these orders won: Σ stake × (1 + rate). */
  payoutIfWon: amount,
});
export type Exposure = z.infer<typeof exposureSchema>;

/** The last run of the ledger's reconciliation job (every 10 minutes on one node). */
export const reconciliationSummarySchema = z.object({
  checkedAt: z.iso.datetime(),
  ok: z.boolean(),
  /** Σ of every posting per currency: 0 when the ledger balances. */
  totals: z.array(z.object({ currency: z.string(), total: z.string() })),
  unbalancedJournals: z.int(),
  balanceMismatches: z.int(),
  negativeBalances: z.int(),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

export const FEED_KINDS = ['simulated', 'exchange'] as const;
export const feedKindSchema = z.enum(FEED_KINDS);

/** Which feed runs where, and how each product's prices stand. */
export const feedStateSchema = z.object({
  /** This node's configuration (MARKET_FEED, MARKET_FEED_PUBLISH). */
  configured: z.object({ feed: feedKindSchema, publishes: z.boolean() }),
  /**
   * The node that publishes prices, as it last said so (every 5 s): null when none ever has.
   * `alive` is false when it has not said so for 15 s.
   */
  leader: z.nullable(
    z.object({
      node: z.string(),
      feed: feedKindSchema,
      electedAt: z.iso.datetime(),
      seenAt: z.iso.datetime(),
      alive: z.boolean(),
    }),
  ),
  products: z.array(
    z.object({
      symbol: z.string(),
      tradingState: z.enum(PRODUCT_TRADING_STATES),
      /** What users see: `paused` when open but without a tick for 5 s. */
      state: z.enum(['open', 'paused', 'closed']),
      lastTickAt: z.nullable(z.iso.datetime()),
    }),
  ),
});
export type FeedState = z.infer<typeof feedStateSchema>;

/** GET dashboard. */
export const dashboardSchema = z.object({
  generatedAt: z.iso.datetime(),
  queues: z.array(pendingQueueSchema),
  /** The current UTC day, from its start until now. */
  today: z.object({
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    /** Per currency; zero while no journal kind is a deposit (recharge is not built yet). */
    deposits: z.array(currencyTotalSchema),
    /** Per currency; zero while no journal kind is a withdrawal (not built yet). */
    withdrawals: z.array(currencyTotalSchema),
    /** Orders accepted and their stakes (the ledger's `trade_open` journals), per currency. */
    trading: z.array(currencyTotalSchema),
    /** Every journal kind the ledger recorded today, per currency. */
    journals: z.array(journalTotalSchema),
  }),
  exposure: z.array(exposureSchema),
  reconciliation: z.nullable(reconciliationSummarySchema),
  feed: feedStateSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

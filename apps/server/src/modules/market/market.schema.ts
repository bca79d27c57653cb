import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A tradable symbol. Editable by the back office later; seeded with a default set. */
export const product = pgTable(
  'product',
  {
    symbol: text('symbol').primaryKey(),
    category: text('category').notNull(),
    /** Price decimals: ticks are stored as integers at this scale. */
    priceScale: smallint('price_scale').notNull(),
    /** Display name per locale key; English is required. */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    tradingState: text('trading_state').notNull().default('open'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Simulated feed: annualized volatility and the first price of a fresh chain. */
    volatilityBps: integer('volatility_bps').notNull(),
    initialPrice: text('initial_price').notNull(),
  },
  (t) => [
    check('product_state_check', sql`${t.tradingState} in ('open', 'closed')`),
    check('product_scale_check', sql`${t.priceScale} between 0 and 8`),
  ],
);

/**
 * Every published tick, hash-chained per symbol (chain.ts). `(symbol, prev_hash)` is unique, so
 * a tick can have one successor only: two writers can never fork a chain.
 */
export const tick = pgTable(
  'tick',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol')
      .notNull()
      .references(() => product.symbol),
    timeMs: bigint('time_ms', { mode: 'number' }).notNull(),
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    /** Traded quantity behind the tick, base asset at VOLUME_SCALE (0 when the feed has none). */
    qtyMinor: bigint('qty_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('tick_symbol_prev_key').on(t.symbol, t.prevHash),
    uniqueIndex('tick_hash_key').on(t.hash),
    index('tick_symbol_time_idx').on(t.symbol, t.timeMs),
    // The newest tick of a symbol (every strike, every chained insert) in one index probe,
    // however long the chain grows.
    index('tick_symbol_id_idx').on(t.symbol, t.id),
    check('tick_price_positive', sql`${t.priceMinor} > 0`),
    check('tick_qty_nonnegative', sql`${t.qtyMinor} >= 0`),
  ],
);

export const candle = pgTable(
  'candle',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    openTimeMs: bigint('open_time_ms', { mode: 'number' }).notNull(),
    open: bigint('open', { mode: 'bigint' }).notNull(),
    high: bigint('high', { mode: 'bigint' }).notNull(),
    low: bigint('low', { mode: 'bigint' }).notNull(),
    close: bigint('close', { mode: 'bigint' }).notNull(),
    ticks: integer('ticks').notNull(),
    /** Sum of the ticks' quantities, base asset at VOLUME_SCALE. */
    volume: bigint('volume', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.openTimeMs] })],
);

/**
 * The chain head of each symbol at the end of each minute: the last tick at or before it.
 * Published so a verifier can anchor a receipt to a hash that was public before the trade
 * settled; a rewritten tail would no longer reach the published head.
 */
export const chainHead = pgTable(
  'chain_head',
  {
    symbol: text('symbol').notNull(),
    minuteMs: bigint('minute_ms', { mode: 'number' }).notNull(),
    tickId: bigint('tick_id', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
    /** Ed25519 over the head (chain-signing.ts); null for heads recorded before migration 0014. */
    signature: text('signature'),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.minuteMs] })],
);

/**
 * A run of one symbol's ticks removed by retention (docs/market.md), recorded in the same
 * transaction that removes it. It keeps the run's first `prev_hash` and last `hash`, so the chain
 * still verifies across the hole: the tick before must end in `prev_hash`, the tick after must
 * start from `last_hash`.
 */
export const tickGap = pgTable(
  'tick_gap',
  {
    symbol: text('symbol').notNull(),
    firstId: bigint('first_id', { mode: 'bigint' }).notNull(),
    lastId: bigint('last_id', { mode: 'bigint' }).notNull(),
    count: integer('count').notNull(),
    firstTimeMs: bigint('first_time_ms', { mode: 'number' }).notNull(),
    lastTimeMs: bigint('last_time_ms', { mode: 'number' }).notNull(),
    prevHash: text('prev_hash').notNull(),
    lastHash: text('last_hash').notNull(),
    prunedAtMs: bigint('pruned_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.firstId] }),
    check('tick_gap_range', sql`${t.firstId} <= ${t.lastId} and ${t.count} > 0`),
  ],
);

/**
 * Which node publishes prices, as that node says every few seconds while it leads the feed's
 * group (market.jobs.ts): one row per leader group, so any node can show it (issue #23: the
 * operator sees in the back office which feed runs).
 */
export const feedLeader = pgTable('market_feed_leader', {
  group: text('group').primaryKey(),
  /** `<host>:<pid>` of the leader. */
  node: text('node').notNull(),
  /** MARKET_FEED of the leader: `simulated` or `exchange`. */
  feed: text('feed').notNull(),
  electedAt: timestamp('elected_at', { withTimezone: true, mode: 'date' }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The simulated feed's backfilled history of a symbol (backfill.ts, docs/market.md): candles
 * only, generated from `seed` on the first start, over [from_ms, to_ms) and ending at
 * `start_price_minor`, where the live walk starts. One row per symbol, written in the
 * transaction that writes the candles, so a symbol is backfilled at most once; append-only.
 */
export const marketBackfill = pgTable(
  'market_backfill',
  {
    symbol: text('symbol')
      .primaryKey()
      .references(() => product.symbol),
    seed: text('seed').notNull(),
    fromMs: bigint('from_ms', { mode: 'number' }).notNull(),
    /** Exclusive: the minute the feed started in. Every tick of the symbol is at or after it. */
    toMs: bigint('to_ms', { mode: 'number' }).notNull(),
    /** The last backfilled close: the price the live walk starts from. */
    startPriceMinor: bigint('start_price_minor', { mode: 'bigint' }).notNull(),
    volatilityBps: integer('volatility_bps').notNull(),
    candles: integer('candles').notNull(),
    createdAtMs: bigint('created_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [check('market_backfill_range', sql`${t.fromMs} < ${t.toMs}`)],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { appUser } from '../auth/auth.schema.js';
import { product } from '../market/market.schema.js';

/**
 * The periods a product offers (docs/trading-rules.md): seconds to expiry, the payout rate on a
 * win (basis points of the stake), and stake limits per currency in minor units. Seeded;
 * editable later from the back office. Nothing here or anywhere else can steer an outcome.
 */
export const tradePeriod = pgTable(
  'trade_period',
  {
    symbol: text('symbol')
      .notNull()
      .references(() => product.symbol),
    seconds: integer('seconds').notNull(),
    payoutBps: integer('payout_bps').notNull(),
    minMoneyMinor: bigint('min_money_minor', { mode: 'bigint' }).notNull(),
    maxMoneyMinor: bigint('max_money_minor', { mode: 'bigint' }).notNull(),
    minUsdtMinor: bigint('min_usdt_minor', { mode: 'bigint' }).notNull(),
    maxUsdtMinor: bigint('max_usdt_minor', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.seconds] }),
    check('trade_period_seconds', sql`${t.seconds} between 5 and 86400`),
    check('trade_period_payout', sql`${t.payoutBps} between 1 and 100000`),
    check(
      'trade_period_limits',
      sql`0 < ${t.minMoneyMinor} and ${t.minMoneyMinor} <= ${t.maxMoneyMinor}
          and 0 < ${t.minUsdtMinor} and ${t.minUsdtMinor} <= ${t.maxUsdtMinor}`,
    ),
  ],
);

/**
 * One fixed-time order. Created `open` with its strike tick, in the transaction that moves the
 * stake `available → in_order`; settled once to `won`, `lost`, `tie` or `void` in the
 * transaction that posts the settlement journal. The terms (rate, period, strike) are copied in
 * at acceptance and never change.
 */
export const tradeOrder = pgTable(
  'trade_order',
  {
    /** Drawn before insert (the stake's journal names the order), so by default only. */
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    /**
     * No foreign key: one would lock the product's row (FOR KEY SHARE) in every order's
     * transaction, and many orders at once on one product turn that into MultiXact churn
     * (migration 0012). A trigger on product refuses to delete or rename one that has orders.
     */
    symbol: text('symbol').notNull(),
    direction: text('direction').notNull(),
    currency: text('currency').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    periodSeconds: integer('period_seconds').notNull(),
    payoutBps: integer('payout_bps').notNull(),
    /** No foreign key: retention keeps these ticks (market/retention.ts), not a constraint. */
    strikeTickId: bigint('strike_tick_id', { mode: 'bigint' }).notNull(),
    strikePriceMinor: bigint('strike_price_minor', { mode: 'bigint' }).notNull(),
    strikeTimeMs: bigint('strike_time_ms', { mode: 'number' }).notNull(),
    priceScale: integer('price_scale').notNull(),
    openedAtMs: bigint('opened_at_ms', { mode: 'number' }).notNull(),
    expiresAtMs: bigint('expires_at_ms', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('open'),
    exitTickId: bigint('exit_tick_id', { mode: 'bigint' }),
    exitPriceMinor: bigint('exit_price_minor', { mode: 'bigint' }),
    exitTimeMs: bigint('exit_time_ms', { mode: 'number' }),
    /** Returned to `available` at settlement: stake × (1 + rate), the stake, or 0. */
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }),
    settledAtMs: bigint('settled_at_ms', { mode: 'number' }),
    openJournalId: bigint('open_journal_id', { mode: 'bigint' }).notNull(),
    settleJournalId: bigint('settle_journal_id', { mode: 'bigint' }),
  },
  (t) => [
    index('trade_order_due_idx')
      .on(t.expiresAtMs)
      .where(sql`${t.status} = 'open'`),
    index('trade_order_user_idx').on(t.userId, t.id),
    check('trade_order_direction', sql`${t.direction} in ('up', 'down')`),
    // `usdt_practice`: an order of the practice book (docs/trading-rules.md, Practice).
    check('trade_order_currency', sql`${t.currency} in ('money', 'usdt', 'usdt_practice')`),
    check('trade_order_status', sql`${t.status} in ('open', 'won', 'lost', 'tie', 'void')`),
    check('trade_order_stake', sql`${t.stakeMinor} > 0`),
    check(
      'trade_order_settled',
      sql`(${t.status} = 'open') = (${t.settledAtMs} is null)
          and (${t.status} = 'open') = (${t.payoutMinor} is null)
          and (${t.status} = 'open') = (${t.settleJournalId} is null)`,
    ),
  ],
);

/**
 * Responsible-trading limits a user sets for themself (Setting): at most this much net loss and
 * this many orders per day (the user's day, by their UTC offset). Null: no limit.
 */
export const tradeLimit = pgTable('trade_limit', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => appUser.id),
  dailyLossMoneyMinor: bigint('daily_loss_money_minor', { mode: 'bigint' }),
  dailyLossUsdtMinor: bigint('daily_loss_usdt_minor', { mode: 'bigint' }),
  dailyTrades: integer('daily_trades'),
  /** Minutes east of UTC: where the user's day starts. */
  tzOffsetMinutes: integer('tz_offset_minutes').notNull().default(0),
  /** Remind of today's result after this many minutes of trading; null: never. */
  reminderMinutes: integer('reminder_minutes'),
  updatedAtMs: bigint('updated_at_ms', { mode: 'number' }).notNull(),
});

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { appUser } from '../auth/auth.schema.js';

/**
 * An Earn product (docs/earn.md): localized texts, currency, daily rate (× 10^8), cycle in
 * days, single-purchase limits and quotas in minor units, the liquidated-damages rate (basis
 * points of the principal) and a sale window. Edited in the back office; an order copies the
 * terms at subscription and never reads them here again.
 */
export const earnProduct = pgTable(
  'earn_product',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    currency: text('currency').notNull(),
    rateE8: bigint('rate_e8', { mode: 'bigint' }).notNull(),
    cycleDays: integer('cycle_days').notNull(),
    minMinor: bigint('min_minor', { mode: 'bigint' }).notNull(),
    maxMinor: bigint('max_minor', { mode: 'bigint' }).notNull(),
    /** Per user and in total: principal ever subscribed; null: no quota. */
    userQuotaMinor: bigint('user_quota_minor', { mode: 'bigint' }),
    totalQuotaMinor: bigint('total_quota_minor', { mode: 'bigint' }),
    penaltyBps: integer('penalty_bps').notNull(),
    saleStartsAtMs: bigint('sale_starts_at_ms', { mode: 'number' }),
    saleEndsAtMs: bigint('sale_ends_at_ms', { mode: 'number' }),
    status: text('status').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Principal ever subscribed: what the total quota counts (updated under the row's lock). */
    subscribedMinor: bigint('subscribed_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    check('earn_product_currency', sql`${t.currency} in ('money', 'usdt')`),
    check('earn_product_rate', sql`${t.rateE8} > 0 and ${t.rateE8} < 100000000`),
    check('earn_product_cycle', sql`${t.cycleDays} between 1 and 1095`),
    check('earn_product_limits', sql`0 < ${t.minMinor} and ${t.minMinor} <= ${t.maxMinor}`),
    check('earn_product_penalty', sql`${t.penaltyBps} between 0 and 10000`),
    check('earn_product_status', sql`${t.status} in ('active', 'paused')`),
  ],
);

/**
 * One subscription. Terms copied from the product. Interest for day `start_day + k` (k = 0 …
 * cycle − 1, operator days) is paid at the start of the following day; `accrued_days` counts
 * the days paid and `next_due_day` (= start_day + accrued_days + 1) is when the next payment is
 * due. The last payment returns the principal too (Settled); an early redemption closes it
 * (Cancelled, shown as Redeemed).
 */
export const earnOrder = pgTable(
  'earn_order',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    productId: bigint('product_id', { mode: 'bigint' })
      .notNull()
      .references(() => earnProduct.id),
    currency: text('currency').notNull(),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    rateE8: bigint('rate_e8', { mode: 'bigint' }).notNull(),
    cycleDays: integer('cycle_days').notNull(),
    penaltyBps: integer('penalty_bps').notNull(),
    /** Operator day number (days since 1970-01-01 in the operator's time zone). */
    startDay: integer('start_day').notNull(),
    accruedDays: integer('accrued_days').notNull().default(0),
    nextDueDay: integer('next_due_day').notNull(),
    interestPaidMinor: bigint('interest_paid_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').notNull().default('hosting'),
    createdAtMs: bigint('created_at_ms', { mode: 'number' }).notNull(),
    closedAtMs: bigint('closed_at_ms', { mode: 'number' }),
    /** Damages charged and principal returned, once closed. */
    damagesMinor: bigint('damages_minor', { mode: 'bigint' }),
    refundMinor: bigint('refund_minor', { mode: 'bigint' }),
    openJournalId: bigint('open_journal_id', { mode: 'bigint' }).notNull(),
    closeJournalId: bigint('close_journal_id', { mode: 'bigint' }),
  },
  (t) => [
    index('earn_order_due_idx')
      .on(t.nextDueDay, t.id)
      .where(sql`${t.status} = 'hosting'`),
    index('earn_order_user_idx').on(t.userId, t.status, t.id),
    index('earn_order_product_user_idx').on(t.productId, t.userId),
    check('earn_order_status', sql`${t.status} in ('hosting', 'settled', 'cancelled')`),
    check('earn_order_principal', sql`${t.principalMinor} > 0`),
    check(
      'earn_order_days',
      sql`${t.accruedDays} between 0 and ${t.cycleDays}
          and ${t.nextDueDay} = ${t.startDay} + ${t.accruedDays} + 1`,
    ),
    check(
      'earn_order_closed',
      sql`(${t.status} = 'hosting') = (${t.closedAtMs} is null)
          and (${t.status} = 'hosting') = (${t.closeJournalId} is null)
          and (${t.status} = 'hosting') = (${t.refundMinor} is null)
          and (${t.status} <> 'settled' or ${t.accruedDays} = ${t.cycleDays})`,
    ),
  ],
);

/**
 * One day's interest of one order: the primary key makes "each (order, day) paid once" a fact
 * of the database, whatever the workers do. A day whose interest rounds to 0 is recorded with
 * no journal.
 */
export const earnAccrual = pgTable(
  'earn_accrual',
  {
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => earnOrder.id),
    day: integer('day').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    journalId: bigint('journal_id', { mode: 'bigint' }),
    paidAtMs: bigint('paid_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.day] }),
    check(
      'earn_accrual_amount',
      sql`${t.amountMinor} >= 0 and (${t.amountMinor} = 0) = (${t.journalId} is null)`,
    ),
  ],
);

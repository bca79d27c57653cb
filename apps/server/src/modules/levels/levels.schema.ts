import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What member levels are decided on (docs/backoffice.md, Member levels), per user and currency:
 * the cumulative traded volume (stakes of settled real-book orders, void ones excluded) and the
 * cumulative confirmed deposits (bank recharges credited in CNY, chain deposits credited in
 * USDT). Written by the events themselves, in their own transactions (settlement a whole batch
 * in one statement), never by a scan; both only grow.
 *
 * No foreign key to app_user: its check would run per row inside settlement's batch, as the
 * inbox's would (notifications.schema.ts); rows are written only for users an event names.
 */
export const userLevelProgress = pgTable(
  'user_level_progress',
  {
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    volumeMinor: bigint('volume_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositsMinor: bigint('deposits_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: ts('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currency] }),
    check('user_level_progress_currency_check', sql`${t.currency} in ('money', 'usdt')`),
    check(
      'user_level_progress_amounts_check',
      sql`${t.volumeMinor} >= 0 and ${t.depositsMinor} >= 0`,
    ),
  ],
);

/**
 * The recompute after a threshold change (one row): the thresholds last applied to every user,
 * and how far the pass in progress has come (users in id order). The leader's `users.levels` job
 * starts a pass when the settings differ from `thresholds` and walks it in bounded batches.
 */
export const levelRecompute = pgTable(
  'level_recompute',
  {
    id: smallint('id').primaryKey().default(1),
    thresholds: jsonb('thresholds').notNull(),
    afterUserId: bigint('after_user_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    done: boolean('done').notNull().default(false),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [check('level_recompute_one_row', sql`${t.id} = 1`)],
);

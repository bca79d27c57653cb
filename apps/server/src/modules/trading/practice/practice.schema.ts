import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';
import { appUser } from '../../auth/auth.schema.js';

/**
 * A user's practice book (docs/trading-rules.md, Practice): opened on first use with the
 * operator's starting balance, in ledger accounts of the practice currency (`usdt_practice`).
 * This row holds what the ledger does not: the balance it was last (re)set to, and when, so a
 * reset is allowed at most once an hour. Its row lock serialises a user's resets.
 */
export const practiceBook = pgTable(
  'practice_book',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => appUser.id),
    /** The balance the book was opened or last reset with (practice USDT, minor units). */
    startMinor: bigint('start_minor', { mode: 'bigint' }).notNull(),
    openedAtMs: bigint('opened_at_ms', { mode: 'number' }).notNull(),
    resets: integer('resets').notNull().default(0),
    lastResetAtMs: bigint('last_reset_at_ms', { mode: 'number' }),
  },
  (t) => [
    check('practice_book_start', sql`${t.startMinor} > 0`),
    check('practice_book_resets', sql`(${t.resets} = 0) = (${t.lastResetAtMs} is null)`),
  ],
);

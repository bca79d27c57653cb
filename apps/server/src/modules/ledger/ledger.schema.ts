import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { USER_PURPOSES, type UserPurpose } from '@ampere/contract';
import { appUser } from '../auth/auth.schema.js';

/**
 * The double-entry ledger (docs/ledger.md). Only the ledger module imports this file (lint);
 * the database itself refuses updates and deletes of journals and postings, unbalanced
 * journals, postings in the wrong currency and negative user balances (migration
 * 0002_ledger_guards).
 */

export { USER_PURPOSES, type UserPurpose };
export const SYSTEM_PURPOSES = [
  'house_trading',
  'house_fees',
  'house_interest',
  'house_equity',
  'bank_clearing',
  'chain_clearing',
  'exchange_clearing',
] as const;
export type SystemPurpose = (typeof SYSTEM_PURPOSES)[number];
export type Purpose = UserPurpose | SystemPurpose;

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for system accounts. */
    userId: bigint('user_id', { mode: 'bigint' }).references(() => appUser.id),
    currency: text('currency').notNull(),
    purpose: text('purpose').notNull(),
    /**
     * Cached Σ postings for user accounts, updated in the same statement that posts, so a
     * user's balance is one row read. Always 0 for system accounts: their balance is derived
     * from postings, so no row is updated by every order on the platform.
     */
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('ledger_account_id_currency_key').on(t.id, t.currency),
    uniqueIndex('ledger_account_user_key')
      .on(t.userId, t.currency, t.purpose)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_account_system_key')
      .on(t.currency, t.purpose)
      .where(sql`${t.userId} is null`),
    // `usdt_practice` is the practice book (books.ts): virtual money, never a real balance.
    check(
      'ledger_account_currency_check',
      sql`${t.currency} in ('money', 'usdt', 'usdt_practice')`,
    ),
    check(
      'ledger_account_purpose_check',
      sql`(${t.userId} is not null and ${t.purpose} in (${list(USER_PURPOSES)}))
        or (${t.userId} is null and ${t.purpose} in (${list(SYSTEM_PURPOSES)}))`,
    ),
    // A user can never owe us money.
    check('ledger_account_user_nonnegative', sql`${t.userId} is null or ${t.balanceMinor} >= 0`),
    check(
      'ledger_account_system_no_balance',
      sql`${t.userId} is not null or ${t.balanceMinor} = 0`,
    ),
  ],
);

export const ledgerJournal = pgTable(
  'ledger_journal',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** What caused it, e.g. `order:812`, `withdrawal:55`, `adjustment:7`. */
    reference: text('reference'),
    /** The user the journal concerns, for statements; null for purely internal moves. */
    userId: bigint('user_id', { mode: 'bigint' }).references(() => appUser.id),
    /** Who did it: `user:<id>`, `system:<job>`, `ops:<name>`, `staff:<id>`. */
    actor: text('actor').notNull(),
    memo: text('memo'),
    /** A reversing journal points at the journal it reverses. */
    reversesId: bigint('reverses_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('ledger_journal_user_idx').on(t.userId, t.id),
    // The day's journals for the back office's dashboard. BRIN: journals are appended in time
    // order, so a summary per block range finds a day's rows at almost no cost per insert.
    index('ledger_journal_created_brin').using('brin', t.createdAt),
    // Partial: only reversals carry reverses_id, and every journal would otherwise add a NULL entry.
    uniqueIndex('ledger_journal_reverses_key')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
    foreignKey({
      columns: [t.reversesId],
      foreignColumns: [t.id],
      name: 'ledger_journal_reverses_fk',
    }),
  ],
);

export const ledgerPosting = pgTable(
  'ledger_posting',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: bigint('journal_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerJournal.id),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The account's balance after this posting (user accounts only), for statements. */
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }),
  },
  (t) => [
    // The posting's currency must be its account's currency.
    foreignKey({
      columns: [t.accountId, t.currency],
      foreignColumns: [ledgerAccount.id, ledgerAccount.currency],
      name: 'ledger_posting_account_fk',
    }),
    index('ledger_posting_journal_idx').on(t.journalId),
    index('ledger_posting_account_idx').on(t.accountId, t.id),
    check('ledger_posting_nonzero', sql`${t.amountMinor} <> 0`),
  ],
);

/**
 * Money-moving requests are idempotent per user and key: the stored response is returned on a
 * replay; the same key with a different request is refused. Written in the same transaction
 * as the journal it guards.
 */
export const idempotencyRecord = pgTable(
  'idempotency_record',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Every run of the reconciliation job (reconcile.job.ts, on one node): when, whether the ledger
 * balanced, and the report (totals per currency; offending rows, at most 100 of each), so every
 * node can show the last one. Kept 90 days.
 */
export const ledgerReconciliation = pgTable(
  'ledger_reconciliation',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull(),
    ok: boolean('ok').notNull(),
    report: jsonb('report').notNull(),
  },
  (t) => [index('ledger_reconciliation_checked_idx').on(t.checkedAt)],
);

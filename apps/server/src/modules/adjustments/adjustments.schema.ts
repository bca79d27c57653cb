import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appUser } from '../auth/auth.schema.js';
import { ledgerJournal } from '../ledger/ledger.schema.js';
import { staffMember } from '../staff/staff.schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A manual balance adjustment, maker-checker (issue #13): requested by one member, approved or
 * rejected by another. The database holds the rules a bug must not break: never the same member
 * twice, an approval always with its journal (one journal per adjustment), a decision always
 * with who and when.
 */
export const balanceAdjustment = pgTable(
  'balance_adjustment',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    currency: text('currency').notNull(),
    /** Signed minor units: positive credits the user's available balance, negative debits it. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' })
      .notNull()
      .references(() => staffMember.id),
    /** The member's name at the time, as the audit log and the journal say it. */
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: ts('requested_at').notNull(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }).references(() => staffMember.id),
    decidedByName: text('decided_by_name'),
    decidedAt: ts('decided_at'),
    decisionNote: text('decision_note'),
    journalId: bigint('journal_id', { mode: 'bigint' }).references(() => ledgerJournal.id),
  },
  (t) => [
    // The queue: pending first, oldest first; and every list newest first.
    index('balance_adjustment_status_idx').on(t.status, t.id),
    index('balance_adjustment_user_idx').on(t.userId, t.id),
    uniqueIndex('balance_adjustment_journal_key')
      .on(t.journalId)
      .where(sql`${t.journalId} is not null`),
    check('balance_adjustment_currency', sql`${t.currency} in ('money', 'usdt')`),
    check('balance_adjustment_amount', sql`${t.amountMinor} <> 0`),
    check('balance_adjustment_reason', sql`char_length(${t.reason}) between 3 and 500`),
    check('balance_adjustment_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'balance_adjustment_decided',
      sql`(${t.status} = 'pending') = (${t.decidedBy} is null)
          and (${t.decidedBy} is null) = (${t.decidedAt} is null)
          and (${t.decidedBy} is null) = (${t.decidedByName} is null)
          and (${t.status} = 'approved') = (${t.journalId} is not null)`,
    ),
    // Four eyes: whoever requested it never decides it.
    check('balance_adjustment_four_eyes', sql`${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

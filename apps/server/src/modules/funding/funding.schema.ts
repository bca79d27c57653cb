import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appUser } from '../auth/auth.schema.js';
import { ledgerJournal } from '../ledger/ledger.schema.js';
import { staffMember } from '../staff/staff.schema.js';
import { upload } from '../uploads/uploads.schema.js';

/**
 * Funding's tables (issue #14, docs/funding.md). Every time is written from the server's clock
 * (millisecond precision), so the trackers' keyset cursors in milliseconds are exact. The
 * database holds the rules a bug must not break: amounts positive, states from their lists, a
 * credit or payout always with its one journal, two approvals by two different members.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = () =>
  bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => appUser.id);
const staffRef = (name: string) =>
  bigint(name, { mode: 'bigint' }).references(() => staffMember.id);
const journalRef = (name: string) =>
  bigint(name, { mode: 'bigint' }).references(() => ledgerJournal.id);

/** The bank card withdrawals are paid to: one per user; the number sealed at rest. */
export const bankCard = pgTable('bank_card', {
  userId: userRef().primaryKey(),
  accountName: text('account_name').notNull(),
  bankName: text('bank_name').notNull(),
  /** AES-256-GCM under the data key (crypto/sealed.ts): a dump alone shows no card number. */
  cardSealed: text('card_sealed').notNull(),
  cardLast4: text('card_last4').notNull(),
  branch: text('branch').notNull(),
  boundAt: ts('bound_at').notNull(),
});

/** The USDT withdrawal address book; a deleted address keeps its row for old withdrawals. */
export const withdrawAddress = pgTable(
  'withdraw_address',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull(),
    usableAt: ts('usable_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('withdraw_address_user_idx').on(t.userId, t.id),
    uniqueIndex('withdraw_address_live_key')
      .on(t.userId, t.network, sql`lower(${t.address})`)
      .where(sql`${t.deletedAt} is null`),
    check('withdraw_address_cool_down', sql`${t.usableAt} >= ${t.createdAt}`),
  ],
);

/** The platform's bank accounts users transfer to (set in the back office). */
export const receivingAccount = pgTable('receiving_account', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  bankName: text('bank_name').notNull(),
  accountName: text('account_name').notNull(),
  cardNumber: text('card_number').notNull(),
  branch: text('branch').notNull(),
  enabled: boolean('enabled').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

/** A bank transfer a user declared: pending until finance confirms it, rejects it, or it expires. */
export const bankRecharge = pgTable(
  'bank_recharge',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => receivingAccount.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    payerName: text('payer_name').notNull(),
    reference: text('reference').notNull(),
    /** The transfer receipt's image (an upload of purpose `recharge_proof`), when one was attached. */
    proofUploadId: text('proof_upload_id').references(() => upload.id),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    decidedBy: staffRef('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: ts('decided_at'),
    journalId: journalRef('journal_id'),
  },
  (t) => [
    index('bank_recharge_user_idx').on(t.userId, t.createdAt, t.id),
    index('bank_recharge_status_idx').on(t.status, t.id),
    uniqueIndex('bank_recharge_journal_key')
      .on(t.journalId)
      .where(sql`${t.journalId} is not null`),
    // One receipt, one recharge.
    uniqueIndex('bank_recharge_proof_key')
      .on(t.proofUploadId)
      .where(sql`${t.proofUploadId} is not null`),
    check('bank_recharge_amount', sql`${t.amountMinor} > 0`),
    check(
      'bank_recharge_status',
      sql`${t.status} in ('pending', 'credited', 'rejected', 'expired')`,
    ),
    check('bank_recharge_credited', sql`(${t.status} = 'credited') = (${t.journalId} is not null)`),
  ],
);

/**
 * A withdrawal. The amount is held (available → withdraw_hold) when it is made; a refund or the
 * payout ends the hold, each exactly once (`end_journal_id`). The destination is copied when it
 * is made, so a later card change or address deletion does not move money elsewhere.
 */
export const withdrawal = pgTable(
  'withdrawal',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('pending'),
    /** `{ kind: 'card', accountName, bankName, cardSealed, cardLast4, branch }` or `{ kind: 'address', network, address }`. */
    destination: jsonb('destination').notNull(),
    approvalsNeeded: integer('approvals_needed').notNull(),
    approvedBy: staffRef('approved_by'),
    approvedByName: text('approved_by_name'),
    approvedAt: ts('approved_at'),
    secondApprovedBy: staffRef('second_approved_by'),
    secondApprovedByName: text('second_approved_by_name'),
    secondApprovedAt: ts('second_approved_at'),
    decidedBy: staffRef('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: ts('decided_at'),
    payoutReference: text('payout_reference'),
    createdAt: ts('created_at').notNull(),
    holdJournalId: journalRef('hold_journal_id').notNull(),
    endJournalId: journalRef('end_journal_id'),
  },
  (t) => [
    index('withdrawal_user_idx').on(t.userId, t.id),
    index('withdrawal_status_idx').on(t.status, t.id),
    uniqueIndex('withdrawal_hold_journal_key').on(t.holdJournalId),
    uniqueIndex('withdrawal_end_journal_key')
      .on(t.endJournalId)
      .where(sql`${t.endJournalId} is not null`),
    check('withdrawal_currency', sql`${t.currency} in ('money', 'usdt')`),
    check(
      'withdrawal_amounts',
      sql`${t.amountMinor} > 0 and ${t.feeMinor} >= 0 and ${t.feeMinor} < ${t.amountMinor}`,
    ),
    check(
      'withdrawal_status',
      sql`${t.status} in ('pending', 'approved', 'paying', 'paid', 'rejected', 'cancelled')`,
    ),
    check('withdrawal_approvals', sql`${t.approvalsNeeded} in (1, 2)`),
    // Four eyes on large amounts: the second approver is another member.
    check('withdrawal_two_approvers', sql`${t.secondApprovedBy} <> ${t.approvedBy}`),
    // The hold ends exactly when the withdrawal does.
    check(
      'withdrawal_ended',
      sql`(${t.status} in ('paid', 'rejected', 'cancelled')) = (${t.endJournalId} is not null)`,
    ),
  ],
);

/** A CNY↔USDT quote: held 30 s; used once. */
export const exchangeQuote = pgTable(
  'exchange_quote',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    fromCurrency: text('from_currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    /** CNY per 1 USDT × 10^6 for this direction. */
    rateMicro: bigint('rate_micro', { mode: 'bigint' }).notNull(),
    receiveMinor: bigint('receive_minor', { mode: 'bigint' }).notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('exchange_quote_user_idx').on(t.userId, t.id),
    check('exchange_quote_amounts', sql`${t.amountMinor} > 0 and ${t.receiveMinor} > 0`),
  ],
);

/** A completed exchange: one journal through `exchange_clearing`. */
export const currencyExchange = pgTable(
  'currency_exchange',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    quoteId: bigint('quote_id', { mode: 'bigint' })
      .notNull()
      .references(() => exchangeQuote.id),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    rateMicro: bigint('rate_micro', { mode: 'bigint' }).notNull(),
    /** The fee rate it was priced at, as finance wrote it ("0.001"). */
    feeRate: text('fee_rate').notNull(),
    receiveMinor: bigint('receive_minor', { mode: 'bigint' }).notNull(),
    journalId: journalRef('journal_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('currency_exchange_user_idx').on(t.userId, t.id),
    uniqueIndex('currency_exchange_quote_key').on(t.quoteId),
    uniqueIndex('currency_exchange_journal_key').on(t.journalId),
    check('currency_exchange_pair', sql`${t.fromCurrency} <> ${t.toCurrency}`),
  ],
);

/** Every state change of a recharge, withdrawal or exchange: the trackers' timelines. */
export const fundingEvent = pgTable(
  'funding_event',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    recordKind: text('record_kind').notNull(),
    recordId: bigint('record_id', { mode: 'bigint' }).notNull(),
    event: text('event').notNull(),
    at: ts('at').notNull(),
    reason: text('reason'),
    note: text('note'),
    /** `user:<uid>`, `staff:<username>` or `system`. */
    actor: text('actor').notNull(),
  },
  (t) => [
    index('funding_event_record_idx').on(t.recordKind, t.recordId, t.id),
    check('funding_event_kind', sql`${t.recordKind} in ('recharge', 'withdrawal', 'exchange')`),
  ],
);

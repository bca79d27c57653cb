import { z } from 'zod/mini';
import { dateParam, idParam, intParam } from './params.js';
import { currencyKeySchema } from './money.js';

/**
 * Journal kinds: what caused a movement of money (docs/ledger.md). Capabilities add their own;
 * each has a label in every locale (`ledgerKinds.<kind>`, server and web).
 */
export const JOURNAL_KINDS = [
  'adjustment_credit',
  'adjustment_debit',
  'reversal',
  'hold',
  'release',
  'capture',
  'exchange',
  'trade_open',
  'trade_win',
  'trade_loss',
  'trade_refund',
  'recharge',
  'withdraw_request',
  'withdraw_refund',
  'withdraw_payout',
  'earn_subscribe',
  'earn_interest',
  'earn_mature',
  'earn_redeem',
  'earn_penalty',
  'chain_deposit',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];
export const journalKindSchema = z.enum(JOURNAL_KINDS);

/** A user's accounts per currency (BRIEF §3). */
export const USER_PURPOSES = ['available', 'in_order', 'earn_principal', 'withdraw_hold'] as const;
export type UserPurpose = (typeof USER_PURPOSES)[number];

const amount = z
  .string()
  .check(z.describe('decimal string in the currency’s scale, e.g. "1234.50"'));

export const currencyBalanceSchema = z.object({
  available: amount,
  frozen: z.object({
    total: amount,
    /** Stakes of open trades. */
    inOrder: amount,
    /** Withdrawals waiting to be paid. */
    withdrawHold: amount,
    /** Principal of Earn subscriptions. */
    earnPrincipal: amount,
  }),
  total: amount,
});
export type CurrencyBalance = z.infer<typeof currencyBalanceSchema>;

/** GET user/balance. */
export const balanceSchema = z.object({
  money: currencyBalanceSchema,
  usdt: currencyBalanceSchema,
});
export type Balance = z.infer<typeof balanceSchema>;

export const STATEMENT_PAGE_MAX = 50;
export const STATEMENT_PAGE_DEFAULT = 20;
/** The most rows one CSV export carries; narrow the dates for more. */
export const STATEMENT_EXPORT_MAX = 10_000;

/** Filters shared by the recent list, the records page and the export. */
export const statementQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  currency: z.optional(currencyKeySchema),
  /** One kind, or several separated by commas. */
  kind: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(200)),
        z.transform((s) => s.split(',').filter(Boolean)),
      ),
      z.array(journalKindSchema).check(z.maxLength(JOURNAL_KINDS.length)),
    ),
  ),
  /** Inclusive first day and last day, `YYYY-MM-DD`, in the caller's time zone (`tz`). */
  from: z.optional(dateParam),
  to: z.optional(dateParam),
  /** The caller's offset from UTC in minutes east (UTC+8 → 480); days are UTC without it. */
  tz: z.optional(intParam(-840, 840)),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, STATEMENT_PAGE_MAX), STATEMENT_PAGE_DEFAULT),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/**
 * The CSV export's view: `events` (default) is the statement the user reads, one line per event;
 * `postings` is the double-entry view for accountants, one row per posting on the user's accounts.
 */
export const STATEMENT_EXPORT_VIEWS = ['events', 'postings'] as const;
export const statementExportQuerySchema = z.extend(statementQuerySchema, {
  view: z._default(z.enum(STATEMENT_EXPORT_VIEWS), 'events'),
});
export type StatementExportQuery = z.infer<typeof statementExportQuerySchema>;

/**
 * One line of the user's statement: one event (journal) in one currency, with what it did to the
 * available funds and to the frozen funds, and both after it. A trade's stake is one line
 * (available −100, frozen +100), its result another (e.g. available +180, frozen −100).
 */
export const statementLineSchema = z.object({
  /** `<journal id>-<currency>`: unique per line. */
  id: z.string(),
  /** ISO 8601 time of the event. */
  time: z.string(),
  kind: z.string(),
  /** The kind in the caller's language. */
  kindLabel: z.string(),
  currency: currencyKeySchema,
  /** Signed change to the available funds ("0.00" when they did not move). */
  available: amount,
  /** Signed change to the frozen funds (in orders, withdrawals, Earn principal together). */
  frozen: amount,
  availableAfter: amount,
  frozenAfter: amount,
  /** Available plus frozen after the event: the running balance. */
  balanceAfter: amount,
  reference: z.nullable(z.string()),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** GET user/assetsRecent and user/financialRecords. */
export const statementLinePageSchema = z.object({
  items: z.array(statementLineSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.nullable(z.string()),
});
export type StatementLinePage = z.infer<typeof statementLinePageSchema>;

/**
 * One posting on one of the user's accounts: the double-entry view (the back office's user
 * statement, the CSV export's `postings` view).
 */
export const statementItemSchema = z.object({
  id: z.string(),
  /** ISO 8601 time of the journal. */
  time: z.string(),
  kind: z.string(),
  /** The kind in the caller's language. */
  kindLabel: z.string(),
  currency: currencyKeySchema,
  /** Which of the user's accounts moved (available, in_order, …). */
  purpose: z.enum(USER_PURPOSES),
  purposeLabel: z.string(),
  /** Signed: negative when money left the account. */
  amount,
  balanceAfter: amount,
  reference: z.nullable(z.string()),
});
export type StatementItem = z.infer<typeof statementItemSchema>;

export const statementPageSchema = z.object({
  items: z.array(statementItemSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.nullable(z.string()),
});
export type StatementPage = z.infer<typeof statementPageSchema>;

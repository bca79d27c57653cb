import { z } from 'zod/mini';

/**
 * The practice book (docs/trading-rules.md, Practice): virtual USDT a user trades with on the
 * same prices, rules and receipts as real money. Its balances are ledger accounts of their own
 * currency (`usdt_practice`), so nothing can move them into, or count them with, real money.
 */

/** The starting balance when the operator has set none (USDT, 6 decimals). */
export const PRACTICE_DEFAULT_START = '10000.000000';
/** A reset is allowed once per this long. */
export const PRACTICE_RESET_EVERY_MS = 3_600_000;

const amount = z.string().check(z.describe('decimal string in USDT’s scale, e.g. "10000.000000"'));

/** GET user/practice: the caller's practice book (opened with the starting balance on first read). */
export const practiceAccountSchema = z.object({
  /** Practice money is shown in USDT's units, always labelled as practice. */
  currency: z.literal('usdt'),
  available: amount,
  /** Stakes of open practice orders. */
  inOrder: amount,
  /** What a reset sets the balance back to (the operator's current setting). */
  start: amount,
  /** Open practice orders: a reset is refused until they have settled. */
  openOrders: z.int(),
  resets: z.int(),
  lastResetAt: z.nullable(z.int()),
  /** When the next reset is allowed (ms); null: now (once no order is open). */
  nextResetAt: z.nullable(z.int()),
});
export type PracticeAccount = z.infer<typeof practiceAccountSchema>;

/** POST user/practiceReset (form; Idempotency-Key header required). */
export const practiceResetRequestSchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
});

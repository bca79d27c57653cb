import { z } from 'zod/mini';
import { currencyKeySchema, type CurrencyKey } from '../money.js';
import { parseAmount } from '../money/amount.js';
import { idParam, intParam } from '../params.js';

/**
 * Manual balance adjustments, maker-checker (issue #13): one member requests a signed amount
 * with a reason; a different member with `adjustments.approve` approves it — one journal between
 * the user's available balance and house equity — or rejects it. Every POST carries an
 * `Idempotency-Key` header.
 */

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const adjustmentStatusSchema = z.enum(ADJUSTMENT_STATUSES);
export type AdjustmentStatus = z.infer<typeof adjustmentStatusSchema>;

export const ADJUSTMENT_REASON_MIN = 3;
export const ADJUSTMENT_REASON_MAX = 500;
export const ADJUSTMENT_PAGE_MAX = 100;

/**
 * Text a member writes (a reason, a note): kept in the database and the audit log, so no control
 * characters but tab and line breaks (a NUL cannot even be stored).
 */
export const STAFF_TEXT = /^(?:[\t\n\r]|[^\p{Cc}])*$/u;

/** Why: 3–500 characters, kept with the adjustment, the journal and the audit log. */
const reason = z
  .string({ error: 'give_reason' })
  .check(
    z.trim(),
    z.minLength(ADJUSTMENT_REASON_MIN, { error: 'give_reason' }),
    z.maxLength(ADJUSTMENT_REASON_MAX, { error: 'give_reason' }),
    z.regex(STAFF_TEXT, { error: 'give_reason' }),
  );

/**
 * A signed amount in the currency's scale: positive credits the user, negative debits; never
 * zero, never more decimals than the currency has (nothing is rounded).
 */
export function isAdjustmentAmount(amount: string, currency: CurrencyKey): boolean {
  return parseAmount(amount, currency, { allowNegative: true }).ok;
}

/** POST adjustments (`adjustments.request`). */
export const adjustmentRequestSchema = z
  .strictObject({
    /** The user's public number. */
    uid: idParam,
    currency: currencyKeySchema,
    amount: z
      .string({ error: 'adjustment_amount' })
      .check(z.maxLength(40, { error: 'adjustment_amount' })),
    reason,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!isAdjustmentAmount(v.amount, v.currency))
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'adjustment_amount' });
    }),
  );
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

/** POST adjustments/:id/approve (`adjustments.approve`): an optional note. */
export const adjustmentApproveSchema = z.strictObject({
  note: z.optional(
    z.string().check(z.trim(), z.maxLength(ADJUSTMENT_REASON_MAX), z.regex(STAFF_TEXT)),
  ),
});
export type AdjustmentApprove = z.infer<typeof adjustmentApproveSchema>;

/** POST adjustments/:id/reject (`adjustments.approve`): why, always. */
export const adjustmentRejectSchema = z.strictObject({ note: reason });
export type AdjustmentReject = z.infer<typeof adjustmentRejectSchema>;

export const adjustmentIdParams = z.strictObject({ id: idParam });

const member = z.object({ id: z.string(), username: z.string() });

export const adjustmentSchema = z.object({
  id: z.string(),
  user: z.object({ uid: z.string(), username: z.string() }),
  currency: currencyKeySchema,
  /** Signed decimal string in the currency's scale: positive credit, negative debit. */
  amount: z.string(),
  reason: z.string(),
  status: adjustmentStatusSchema,
  requestedBy: member,
  requestedAt: z.iso.datetime(),
  /** Who approved or rejected it, when, and their note; null while pending. */
  decidedBy: z.nullable(member),
  decidedAt: z.nullable(z.iso.datetime()),
  decisionNote: z.nullable(z.string()),
  /** The ledger journal an approval posted; null otherwise. */
  journalId: z.nullable(z.string()),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** GET adjustments: newest first, by status and user. */
export const adjustmentListQuerySchema = z.strictObject({
  status: z.optional(adjustmentStatusSchema),
  uid: z.optional(idParam),
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, ADJUSTMENT_PAGE_MAX), 20),
});
export type AdjustmentListQuery = z.infer<typeof adjustmentListQuerySchema>;

export const adjustmentListSchema = z.object({
  items: z.array(adjustmentSchema),
  nextCursor: z.nullable(z.string()),
});
export type AdjustmentList = z.infer<typeof adjustmentListSchema>;

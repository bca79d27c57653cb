import {
  currencyKeySchema,
  decimalStringSchema,
  DIRECTIONS,
  fundingReasonSchema,
  type NotificationKind,
} from '@ampere/contract';
import { z } from 'zod';

/**
 * What each kind of notification stores (docs/content.md "Notifications"): the event's facts —
 * amounts as decimal strings with their currency, an outcome, a reason code — never words. The
 * text is written from these when the inbox is read (render.ts), in the reader's language.
 */
export const NOTIFICATION_PARAMS = {
  order_settled: z.object({
    symbol: z.string(),
    direction: z.enum(DIRECTIONS),
    currency: currencyKeySchema,
    stake: decimalStringSchema,
    /** What came back to the balance: stake × (1 + rate) won, the stake level or void, 0 lost. */
    payout: decimalStringSchema,
    outcome: z.enum(['won', 'lost', 'tie', 'void']),
  }),
  recharge_credited: z.object({ currency: currencyKeySchema, amount: decimalStringSchema }),
  deposit_credited: z.object({ currency: currencyKeySchema, amount: decimalStringSchema }),
  withdrawal_approved: z.object({ currency: currencyKeySchema, amount: decimalStringSchema }),
  withdrawal_paid: z.object({
    currency: currencyKeySchema,
    amount: decimalStringSchema,
    /** The amount less the fee: what was sent. */
    arrival: decimalStringSchema,
  }),
  withdrawal_rejected: z.object({
    currency: currencyKeySchema,
    amount: decimalStringSchema,
    reason: fundingReasonSchema,
  }),
  kyc_approved: z.object({}),
  kyc_declined: z.object({}),
  earn_matured: z.object({
    currency: currencyKeySchema,
    principal: decimalStringSchema,
    /** Every day's interest of the order, the last day's included. */
    interest: decimalStringSchema,
  }),
} satisfies Record<NotificationKind, z.ZodType>;

export type NotificationParams<K extends NotificationKind> = z.infer<
  (typeof NOTIFICATION_PARAMS)[K]
>;

/**
 * One event to notify: whose, which kind, about what (the order, recharge, withdrawal or Earn
 * order's id; the submission round for KYC, since a user has one verification), and its facts.
 * (user, kind, subject) is unique: the same event written twice is one notification.
 */
export type NotificationEvent = {
  [K in NotificationKind]: {
    kind: K;
    userId: bigint;
    subjectId: bigint;
    params: NotificationParams<K>;
  };
}[NotificationKind];

/** A notification as written: what the push after the commit announces. */
export interface WrittenNotification {
  id: bigint;
  userId: bigint;
  kind: NotificationKind;
  subjectId: bigint;
  createdAt: Date;
}

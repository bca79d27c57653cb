import { z } from 'zod/mini';
import {
  FEE_ROUNDINGS,
  RECHARGE_STATUSES,
  signedImageSchema,
  staffReasonSchema,
  timelineEntrySchema,
  WITHDRAWAL_STATUSES,
} from '../funding.js';
import { currencyKeySchema, type CurrencyKey } from '../money.js';
import { amountMinor, currencyAmountSchema } from './settings.js';
import { idParam, intField, intParam } from '../params.js';
import { STAFF_TEXT } from './adjustments.js';

/**
 * The back office's funding (issue #14, docs/funding.md): the review queues (bank recharges to
 * confirm or reject; withdrawals to approve — twice for large amounts, by two different members —
 * reject, and pay), the platform's receiving bank accounts, the funding rules (bounds, fees, the
 * daily count and time window, pending expiry), and the exchange rate with its spread. Every POST
 * that changes money carries an `Idempotency-Key` header and writes one audit row.
 *
 * Permissions: `funding.read` (queues, records, settings), `funding.review` (confirm / reject
 * recharges, approve / reject withdrawals), `funding.pay` (mark paid, send on chain),
 * `funding.settings` (rules and receiving accounts), `funding.rates` (exchange rate).
 */

const amount = z
  .string()
  .check(z.describe('decimal string in the currency’s scale, e.g. "1234.50"'));
const time = z.iso.datetime();
const member = z.object({ id: z.string(), username: z.string() });
const user = z.object({ uid: z.string(), username: z.string() });

export const FUNDING_ADMIN_PAGE_MAX = 100;

/** A member's own words beside a decision: optional, bounded, no control characters. */
const note = z.optional(z.string().check(z.trim(), z.maxLength(500), z.regex(STAFF_TEXT)));

export const fundingIdParams = z.strictObject({ id: idParam });

// ---- Bank recharges ---------------------------------------------------------------------------

export const adminRechargeSchema = z.object({
  id: z.string(),
  user,
  currency: currencyKeySchema,
  amount,
  status: z.enum(RECHARGE_STATUSES),
  payerName: z.string(),
  reference: z.string(),
  account: z.object({ id: z.string(), bankName: z.string(), cardNumber: z.string() }),
  /** The transfer receipt the user attached (signed, short-lived address); null when none. */
  proof: z.nullable(signedImageSchema),
  createdAt: time,
  expiresAt: time,
  decidedBy: z.nullable(member),
  decidedAt: z.nullable(time),
  /** The credit journal once confirmed. */
  journalId: z.nullable(z.string()),
  timeline: z.array(timelineEntrySchema),
});
export type AdminRecharge = z.infer<typeof adminRechargeSchema>;

/** GET funding/recharges: newest first (oldest first for `pending`, the queue's order). */
export const adminRechargeListQuerySchema = z.strictObject({
  status: z.optional(z.enum(RECHARGE_STATUSES)),
  uid: z.optional(idParam),
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, FUNDING_ADMIN_PAGE_MAX), 20),
});
export type AdminRechargeListQuery = z.infer<typeof adminRechargeListQuerySchema>;
export const adminRechargeListSchema = z.object({
  items: z.array(adminRechargeSchema),
  nextCursor: z.nullable(z.string()),
});

/** POST funding/recharges/:id/confirm (`funding.review`): credit from `bank_clearing`. */
export const rechargeConfirmSchema = z.strictObject({ note });
export type RechargeConfirm = z.infer<typeof rechargeConfirmSchema>;

/** POST funding/recharges/:id/reject and funding/withdrawals/:id/reject (`funding.review`). */
export const fundingRejectSchema = z.strictObject({ reason: staffReasonSchema, note });
export type FundingReject = z.infer<typeof fundingRejectSchema>;

// ---- Withdrawals ------------------------------------------------------------------------------

export const adminWithdrawalSchema = z.object({
  id: z.string(),
  user,
  currency: currencyKeySchema,
  amount,
  fee: amount,
  actualArrival: amount,
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Where to pay, in full: the card (name, bank, number, branch) or the network and address. */
  destination: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('card'),
      accountName: z.string(),
      bankName: z.string(),
      cardNumber: z.string(),
      branch: z.string(),
    }),
    z.object({ kind: z.literal('address'), network: z.string(), address: z.string() }),
  ]),
  /** 2 when the amount is at or above the second-approval threshold, else 1. */
  approvalsNeeded: z.int(),
  approvals: z.array(z.object({ by: member, at: time })),
  /** USDT on a configured network: `send` pays through the chain; else `paid` with a reference. */
  chainPayout: z.boolean(),
  payoutReference: z.nullable(z.string()),
  createdAt: time,
  decidedBy: z.nullable(member),
  decidedAt: z.nullable(time),
  timeline: z.array(timelineEntrySchema),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** GET funding/withdrawals. */
export const adminWithdrawalListQuerySchema = z.strictObject({
  status: z.optional(z.enum(WITHDRAWAL_STATUSES)),
  currency: z.optional(currencyKeySchema),
  uid: z.optional(idParam),
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, FUNDING_ADMIN_PAGE_MAX), 20),
});
export type AdminWithdrawalListQuery = z.infer<typeof adminWithdrawalListQuerySchema>;
export const adminWithdrawalListSchema = z.object({
  items: z.array(adminWithdrawalSchema),
  nextCursor: z.nullable(z.string()),
});

/**
 * POST funding/withdrawals/:id/approve (`funding.review`): the first approval, or the second by a
 * different member when two are needed (7103 when the same one tries).
 */
export const withdrawalApproveSchema = z.strictObject({ note });
export type WithdrawalApprove = z.infer<typeof withdrawalApproveSchema>;

/** POST funding/withdrawals/:id/paid (`funding.pay`): paid outside, by bank or by hand. */
export const withdrawalPaidSchema = z.strictObject({
  reference: z
    .string({ error: 'payout_reference' })
    .check(
      z.trim(),
      z.minLength(4, { error: 'payout_reference' }),
      z.maxLength(128, { error: 'payout_reference' }),
      z.regex(STAFF_TEXT, { error: 'payout_reference' }),
    ),
  note,
});
export type WithdrawalPaid = z.infer<typeof withdrawalPaidSchema>;

/** POST funding/withdrawals/:id/send (`funding.pay`): pay a USDT withdrawal through the chain. */
export const withdrawalSendSchema = z.strictObject({ note });
export type WithdrawalSend = z.infer<typeof withdrawalSendSchema>;

// ---- Exchanges (read-only) ---------------------------------------------------------------------

export const adminExchangeSchema = z.object({
  id: z.string(),
  user,
  from: currencyKeySchema,
  to: currencyKeySchema,
  amount,
  fee: amount,
  rate: z.string(),
  receive: amount,
  journalId: z.string(),
  createdAt: time,
});
export type AdminExchange = z.infer<typeof adminExchangeSchema>;

/**
 * GET funding/exchanges (`funding.read`): newest first, by one user (`uid`) and within
 * [`from`, `to`) when given (`from` not before `to`: 7109).
 */
export const adminExchangeListQuerySchema = z.strictObject({
  uid: z.optional(idParam),
  from: z.optional(time),
  to: z.optional(time),
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, FUNDING_ADMIN_PAGE_MAX), 20),
});
export type AdminExchangeListQuery = z.infer<typeof adminExchangeListQuerySchema>;
export const adminExchangeListSchema = z.object({
  items: z.array(adminExchangeSchema),
  nextCursor: z.nullable(z.string()),
});

// ---- Receiving bank accounts -------------------------------------------------------------------

export const RECEIVING_ACCOUNTS_MAX = 20;

export const adminReceivingAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  cardNumber: z.string(),
  branch: z.string(),
  enabled: z.boolean(),
  sortOrder: z.int(),
  updatedAt: time,
});
export type AdminReceivingAccount = z.infer<typeof adminReceivingAccountSchema>;

/** GET funding/receiving-accounts. */
export const adminReceivingAccountListSchema = z.object({
  items: z.array(adminReceivingAccountSchema),
});

const accountText = (max: number) =>
  z
    .string({ error: 'receiving_account_field' })
    .check(
      z.trim(),
      z.minLength(2, { error: 'receiving_account_field' }),
      z.maxLength(max, { error: 'receiving_account_field' }),
      z.regex(STAFF_TEXT, { error: 'receiving_account_field' }),
    );

/**
 * POST funding/receiving-accounts (`funding.settings`): a new account, whole. POST
 * funding/receiving-accounts/:id: the same fields replace it. Disable instead of deleting: old
 * recharges keep naming it.
 */
export const receivingAccountChangeSchema = z.strictObject({
  bankName: accountText(64),
  accountName: accountText(64),
  cardNumber: z
    .string({ error: 'receiving_account_number' })
    .check(z.regex(/^\d{8,32}$/, { error: 'receiving_account_number' })),
  branch: accountText(128),
  enabled: z.boolean(),
  sortOrder: z._default(intField(0, 1000), 0),
});
export type ReceivingAccountChange = z.infer<typeof receivingAccountChangeSchema>;

/** "0.001" → 1000: a fraction below 1 with up to 6 decimals, in millionths (exact). */
export function fractionPpm(text: string): number {
  const fraction = text.split('.')[1] ?? '';
  return Number(fraction.padEnd(6, '0').slice(0, 6));
}

// ---- Funding rules ----------------------------------------------------------------------------

/** "HH:MM", 00:00–24:00. */
export const clockTimeSchema = z
  .string({ error: 'clock_time' })
  .check(z.regex(/^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/, { error: 'clock_time' }));

/** A percentage, 0–100, at most 4 decimals ("0.5" = 0.5 %). */
export const percentSchema = z
  .string({ error: 'fee_percent' })
  .check(z.regex(/^(?:100(?:\.0{1,4})?|[1-9]?[0-9](?:\.[0-9]{1,4})?)$/, { error: 'fee_percent' }));

function withdrawRuleSchema(currency: CurrencyKey) {
  const positive = currencyAmountSchema(currency, 'funding_amount');
  const nonNegative = currencyAmountSchema(currency, 'funding_amount', true);
  return z
    .strictObject({
      min: positive,
      max: positive,
      feeFixed: nonNegative,
      feePercent: percentSchema,
      feeRounding: z.enum(FEE_ROUNDINGS),
      /** At or above this amount a withdrawal needs two different approvers. */
      secondApprovalFrom: positive,
    })
    .check(
      z.refine(
        (r) => (amountMinor(r.min, currency) ?? 0n) <= (amountMinor(r.max, currency) ?? 0n),
        {
          error: 'min_above_max',
          path: ['min'],
        },
      ),
    );
}

/**
 * GET / POST funding/settings (`funding.settings`), whole. The switches and close tips stay in
 * settings/funding; these are the numbers.
 */
export const fundingRulesSchema = z.strictObject({
  recharge: z
    .strictObject({
      bankMin: currencyAmountSchema('money', 'funding_amount'),
      bankMax: currencyAmountSchema('money', 'funding_amount'),
      /** A pending bank recharge expires after this many minutes (5 min – 7 days). */
      pendingExpiryMinutes: intField(5, 7 * 24 * 60),
      /** At most this many pending bank recharges per user. */
      pendingMax: intField(1, 20),
    })
    .check(
      z.refine(
        (r) => (amountMinor(r.bankMin, 'money') ?? 0n) <= (amountMinor(r.bankMax, 'money') ?? 0n),
        {
          error: 'min_above_max',
          path: ['bankMin'],
        },
      ),
    ),
  withdraw: z.strictObject({
    money: withdrawRuleSchema('money'),
    usdt: withdrawRuleSchema('usdt'),
    /** Withdrawals per user per operator day (1–100). */
    dailyCount: intField(1, 100),
    /** When in the operator's day withdrawals are taken; from < to (no window across midnight). */
    windowFrom: clockTimeSchema,
    windowTo: clockTimeSchema,
    /** An approved real name is needed to withdraw. */
    realNameRequired: z.boolean(),
  }),
  exchange: z.strictObject({
    /** The fee as a fraction of the amount, 0–0.1, at most 6 decimals ("0.001" = 0.1 %). */
    feeRate: z.string({ error: 'fee_rate' }).check(
      z.regex(/^0(?:\.[0-9]{1,6})?$/, { error: 'fee_rate' }),
      z.refine((s) => fractionPpm(s) <= 100_000, { error: 'fee_rate' }),
    ),
    maxMoney: currencyAmountSchema('money', 'funding_amount'),
    maxUsdt: currencyAmountSchema('usdt', 'funding_amount'),
  }),
  /** The operator's time zone as minutes east of UTC (UTC+8 → 480): the day and the window. */
  tzOffsetMinutes: intField(-720, 840),
});
export type FundingRules = z.infer<typeof fundingRulesSchema>;

const withdrawRuleView = z.object({
  min: amount,
  max: amount,
  feeFixed: amount,
  feePercent: z.string(),
  feeRounding: z.enum(FEE_ROUNDINGS),
  secondApprovalFrom: amount,
});

/** The rules as GET / POST funding/settings answer them (the same fields, as stored). */
export const fundingRulesViewSchema = z.object({
  recharge: z.object({
    bankMin: amount,
    bankMax: amount,
    pendingExpiryMinutes: z.int(),
    pendingMax: z.int(),
  }),
  withdraw: z.object({
    money: withdrawRuleView,
    usdt: withdrawRuleView,
    dailyCount: z.int(),
    windowFrom: z.string(),
    windowTo: z.string(),
    realNameRequired: z.boolean(),
  }),
  exchange: z.object({ feeRate: z.string(), maxMoney: amount, maxUsdt: amount }),
  tzOffsetMinutes: z.int(),
});

/** Shipped rules (docs/funding.md). */
export const DEFAULT_FUNDING_RULES: FundingRules = {
  recharge: {
    bankMin: '100.00',
    bankMax: '500000.00',
    pendingExpiryMinutes: 24 * 60,
    pendingMax: 5,
  },
  withdraw: {
    money: {
      min: '100.00',
      max: '50000.00',
      feeFixed: '2.00',
      feePercent: '0.5',
      feeRounding: 'halfEven',
      secondApprovalFrom: '20000.00',
    },
    usdt: {
      min: '10.000000',
      max: '10000.000000',
      feeFixed: '1.000000',
      feePercent: '0',
      feeRounding: 'halfEven',
      secondApprovalFrom: '3000.000000',
    },
    dailyCount: 3,
    windowFrom: '09:00',
    windowTo: '21:00',
    realNameRequired: false,
  },
  exchange: { feeRate: '0.001', maxMoney: '100000.00', maxUsdt: '15000.000000' },
  tzOffsetMinutes: 480,
};

// ---- Exchange rate -----------------------------------------------------------------------------

/** CNY per 1 USDT: above 0, at most 6 decimals, below 1000. */
export const exchangeRateTextSchema = z.string({ error: 'exchange_rate' }).check(
  z.regex(/^(?:[1-9][0-9]{0,2}|0)(?:\.[0-9]{1,6})?$/, { error: 'exchange_rate' }),
  z.refine((s) => /[1-9]/.test(s), { error: 'exchange_rate' }),
);

/** GET funding/exchange-rate; POST funding/exchange-rate (`funding.rates`), whole. */
export const exchangeRateChangeSchema = z.strictObject({
  /** The middle rate, CNY per 1 USDT. */
  rate: exchangeRateTextSchema,
  /** Each side's distance from the middle in basis points (0–1000; 50 = 0.5 %). */
  spreadBps: intField(0, 1000),
});
export type ExchangeRateChange = z.infer<typeof exchangeRateChangeSchema>;

export const exchangeRateSchema = z.object({
  rate: z.nullable(z.string()),
  spreadBps: z.int(),
  buyRate: z.nullable(z.string()),
  sellRate: z.nullable(z.string()),
  updatedAt: z.nullable(time),
  updatedBy: z.nullable(member),
});
export type AdminExchangeRate = z.infer<typeof exchangeRateSchema>;

import { z } from 'zod/mini';
import { currencyKeySchema } from './money.js';
import { idParam, intParam } from './params.js';

/**
 * Funding (issue #14, docs/funding.md): bank cards and the USDT withdrawal address book, bank
 * recharge with staff review, USDT deposits (watched on a chain), withdrawal with its states,
 * CNY↔USDT exchange with quotes, and the trackers (lists, a record's detail with its timeline).
 *
 * Bodies are form-urlencoded like `user/buy` (JSON is accepted too). Amounts are decimal strings
 * in the currency's scale (CNY 2, USDT 6) on the way in and out; the server parses them exactly
 * and refuses — never rounds — more decimals than the currency has. Every money-moving POST
 * (`user/recharge`, `user/withdraw`, `user/withdrawCancel`, `user/exchange`) takes an
 * `Idempotency-Key` header.
 */

const amount = z
  .string()
  .check(z.describe('decimal string in the currency’s scale, e.g. "1234.50"'));
/** An amount a user typed: shape checked by the server's money parser (code 4006 when bad). */
const amountInput = z
  .string({ error: 'enter_amount' })
  .check(z.minLength(1, { error: 'enter_amount' }), z.maxLength(40));
const lang = z.optional(z.string().check(z.maxLength(16)));
/** Free text a user types (names, references): no control characters. */
const userText = (min: number, max: number, error: string) =>
  z
    .string({ error })
    .check(
      z.trim(),
      z.minLength(min, { error }),
      z.maxLength(max, { error }),
      z.regex(/^[^\p{Cc}]*$/u, { error }),
    );
/** The fund password as typed; checked (and locked after 5 failures) by the server. */
const fundPasswordInput = z
  .string({ error: 'enter_fund_password' })
  .check(z.minLength(1, { error: 'enter_fund_password' }), z.maxLength(64));

export const FUNDING_PAGE_MAX = 50;
export const FUNDING_PAGE_DEFAULT = 20;

/** An ISO 8601 time. */
const time = z.iso.datetime();

// ---- Reasons and timelines -------------------------------------------------------------------

/**
 * Why staff refused a recharge or a withdrawal, or why the system ended a record. Each code has
 * a label in every locale (the server sends it as `reason`); staff may add a note in their own
 * words (`note`, shown as written).
 */
export const FUNDING_REASONS = [
  'payment_not_received',
  'amount_mismatch',
  'payer_mismatch',
  'duplicate',
  'account_details_wrong',
  'risk_review',
  'compliance',
  'payout_failed',
  'expired',
  'cancelled_by_user',
  'other',
] as const;
export type FundingReason = (typeof FUNDING_REASONS)[number];
export const fundingReasonSchema = z.enum(FUNDING_REASONS);
/** The reasons staff may choose (the others are the system's own). */
export const STAFF_REASONS = [
  'payment_not_received',
  'amount_mismatch',
  'payer_mismatch',
  'duplicate',
  'account_details_wrong',
  'risk_review',
  'compliance',
  'other',
] as const satisfies readonly FundingReason[];
export const staffReasonSchema = z.enum(STAFF_REASONS);

/**
 * What happened to a record, one entry per state change, oldest first:
 * `submitted` (created), `approved` (a withdrawal's first approval when it needs two, or its only
 * one), `second_approved`, `paying` (a USDT payout handed to the chain), `payout_failed` (the
 * chain refused it; back to approved), `paid`, `confirmed` (a bank recharge credited), `credited`
 * (a chain deposit), `rejected`, `cancelled`, `expired`, `exchanged`.
 */
export const TIMELINE_EVENTS = [
  'submitted',
  'approved',
  'second_approved',
  'paying',
  'payout_failed',
  'paid',
  'confirmed',
  'credited',
  'rejected',
  'cancelled',
  'expired',
  'exchanged',
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

export const timelineEntrySchema = z.object({
  event: z.enum(TIMELINE_EVENTS),
  at: time,
  /** The event in the caller's language. */
  label: z.string(),
  reasonCode: z.nullable(fundingReasonSchema),
  /** The reason in the caller's language; null when there is none. */
  reason: z.nullable(z.string()),
  /** Staff's own words, as written; null when none. */
  note: z.nullable(z.string()),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** A page of a tracker: newest first; pass `nextCursor` back as `cursor` for older ones. */
const page = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });

const listQuery = {
  lang,
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, FUNDING_PAGE_MAX), FUNDING_PAGE_DEFAULT),
};

export const detailQuerySchema = z.strictObject({ lang, id: idParam });
export type DetailQuery = z.infer<typeof detailQuerySchema>;

// ---- Bank card (user/cashBind, user/cashInfo) ------------------------------------------------

/**
 * POST user/cashBind (form): bind the bank card withdrawals are paid to, or replace it — a
 * replacement needs the fund password (`mpassword`). The card number is digits (spaces are
 * dropped), 16–19 of them, of a scheme we pay to (docs/funding.md says which, and when Luhn
 * applies). When the user's real name is approved, `accountName` must be that name.
 */
export const cashBindSchema = z.strictObject({
  lang,
  accountName: userText(2, 64, 'enter_account_name'),
  bankName: userText(2, 64, 'enter_bank_name'),
  cardNumber: z.pipe(
    z.pipe(
      z
        .string({ error: 'enter_card_number' })
        .check(z.maxLength(40, { error: 'card_number_format' })),
      z.transform((s) => s.replace(/ /g, '')),
    ),
    z.string().check(z.regex(/^\d{16,19}$/, { error: 'card_number_format' })),
  ),
  branch: userText(2, 128, 'enter_branch'),
  /** Required when a card is already bound. */
  mpassword: z.optional(fundPasswordInput),
});
export type CashBind = z.infer<typeof cashBindSchema>;

export const bankCardSchema = z.object({
  accountName: z.string(),
  bankName: z.string(),
  /** Only the last four digits: `**** **** **** 1234`. */
  cardMasked: z.string(),
  branch: z.string(),
  boundAt: time,
});
export type BankCard = z.infer<typeof bankCardSchema>;

/** GET user/cashInfo. */
export const cashInfoSchema = z.object({
  card: z.nullable(bankCardSchema),
  /** The approved real name the account name must equal; null when none is approved. */
  realName: z.nullable(z.string()),
  /** Whether replacing the card asks for the fund password (a card is bound). */
  changeNeedsFundPassword: z.boolean(),
});
export type CashInfo = z.infer<typeof cashInfoSchema>;

// ---- USDT withdrawal address book --------------------------------------------------------------

/** A network's key, as `GET user/recharge` / `GET user/withdrawAddresses` list them (`erc20`). */
export const networkKeySchema = z
  .string({ error: 'network_invalid' })
  .check(z.regex(/^[a-z0-9_-]{1,32}$/, { error: 'network_invalid' }));

export const usdtNetworkSchema = z.object({ key: z.string(), name: z.string() });

export const ADDRESS_BOOK_MAX = 20;
/** A new address can be used for withdrawals this long after it was added (docs/funding.md). */
export const ADDRESS_COOL_DOWN_S = 24 * 3600;

export const withdrawAddressSchema = z.object({
  id: z.string(),
  network: z.string(),
  networkName: z.string(),
  /** As the network writes it (EIP-55 checksummed for `erc20`). */
  address: z.string(),
  label: z.string(),
  createdAt: time,
  /** When it becomes usable: 24 h after it was added. */
  usableAt: time,
  usable: z.boolean(),
});
export type WithdrawAddress = z.infer<typeof withdrawAddressSchema>;

/** GET user/withdrawAddresses: the book, newest first, and the networks one may add to. */
export const withdrawAddressesSchema = z.object({
  items: z.array(withdrawAddressSchema),
  networks: z.array(usdtNetworkSchema),
  /** No network is configured: USDT withdrawal is not offered. */
  usdtAvailable: z.boolean(),
});
export type WithdrawAddresses = z.infer<typeof withdrawAddressesSchema>;

/** POST user/withdrawAddress (form): add one; the fund password confirms it. */
export const withdrawAddressAddSchema = z.strictObject({
  lang,
  network: networkKeySchema,
  address: z
    .string({ error: 'enter_address' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'enter_address' }),
      z.maxLength(128, { error: 'address_invalid' }),
    ),
  label: z._default(userText(0, 32, 'address_label'), ''),
  mpassword: fundPasswordInput,
});
export type WithdrawAddressAdd = z.infer<typeof withdrawAddressAddSchema>;

/** POST user/withdrawAddressDelete (form). */
export const withdrawAddressDeleteSchema = z.strictObject({ lang, id: idParam });
export type WithdrawAddressDelete = z.infer<typeof withdrawAddressDeleteSchema>;

// ---- Recharge (user/recharge, user/rechargeList, user/rechargeDetail) ------------------------

/** A platform account users transfer to (set in the back office). */
export const receivingAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** In full: the user needs it to transfer. */
  cardNumber: z.string(),
  branch: z.string(),
});
export type ReceivingAccount = z.infer<typeof receivingAccountSchema>;

/** Why USDT recharge is not offered: no chain network is configured on this server. */
export const USDT_UNAVAILABLE_REASONS = ['no_network'] as const;

/** GET user/recharge: the methods on offer and their bounds. */
export const rechargeConfigSchema = z.object({
  open: z.boolean(),
  /** While closed: the operator's tip in the caller's language; absent → the app's own text. */
  closeTip: z.optional(z.string()),
  bank: z.object({
    /** Open and at least one receiving account is enabled. */
    available: z.boolean(),
    currency: z.literal('money'),
    min: amount,
    max: amount,
    accounts: z.array(receivingAccountSchema),
    /** A pending bank recharge not confirmed within this time expires. */
    expiresAfterS: z.int(),
  }),
  usdt: z.object({
    available: z.boolean(),
    /** Why not, when not available. */
    unavailableReason: z.nullable(z.enum(USDT_UNAVAILABLE_REASONS)),
    networks: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        tokenAddress: z.string(),
        /** Credited after this many confirmations (3–6, SPEC §9). */
        confirmations: z.int(),
        min: amount,
        max: amount,
        /** The user's own deposit address on this network (the app draws its QR code). */
        address: z.string(),
      }),
    ),
  }),
});
export type RechargeConfig = z.infer<typeof rechargeConfigSchema>;

/** POST user/recharge (form): a bank transfer the user made (or is about to make). */
export const rechargeRequestSchema = z.strictObject({
  lang,
  method: z._default(z.literal('bank'), 'bank'),
  /** Which receiving account the money was sent to. */
  accountId: idParam,
  amount: amountInput,
  payerName: userText(2, 64, 'enter_payer_name'),
  /** The bank's transfer reference (serial number), so finance can find it. */
  reference: userText(4, 64, 'enter_transfer_reference'),
  /**
   * Optional: the id of the transfer receipt's image, uploaded first (`POST common/uploader` with
   * purpose `recharge_proof`); the caller's own, unused one (5030 otherwise). A form's empty field
   * is none.
   */
  proof: z.pipe(
    z.transform((v) => (v === '' ? undefined : v)),
    z.optional(z.string().check(z.maxLength(64))),
  ),
});
export type RechargeRequest = z.infer<typeof rechargeRequestSchema>;

/**
 * A recharge's state. Bank: `pending` → `credited` (confirmed by finance), `rejected` or
 * `expired`. USDT deposits: `confirming` (n of N confirmations) → `credited`, or `dropped` (its
 * block was replaced before it was confirmed).
 */
export const RECHARGE_STATUSES = [
  'pending',
  'confirming',
  'credited',
  'rejected',
  'expired',
  'dropped',
] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];
export const rechargeStatusSchema = z.enum(RECHARGE_STATUSES);

export const RECHARGE_METHODS = ['bank', 'usdt'] as const;
export type RechargeMethod = (typeof RECHARGE_METHODS)[number];

export const rechargeItemSchema = z.object({
  /** Unique per method; `bank` ids open `user/rechargeDetail`. */
  id: z.string(),
  method: z.enum(RECHARGE_METHODS),
  currency: currencyKeySchema,
  amount,
  /** Recharges carry no fee today: always zero, kept so the tracker's columns are uniform. */
  fee: amount,
  status: rechargeStatusSchema,
  /** The status in the caller's language ("Confirming 2/6" for a deposit being confirmed). */
  statusLabel: z.string(),
  /** When it was submitted (bank) or first seen on the chain (USDT). */
  time,
  /** USDT: how many confirmations it has and needs; null for bank. */
  confirmations: z.nullable(z.object({ count: z.int(), required: z.int() })),
  /** USDT: network (its key, e.g. `erc20`) and transaction; bank: null. */
  network: z.nullable(z.string()),
  /** USDT: the network's name as the operator configured it (`Ethereum (ERC-20)`); bank: null. */
  networkName: z.nullable(z.string()),
  txHash: z.nullable(z.string()),
  /** Bank: the transfer reference the user gave. */
  reference: z.nullable(z.string()),
});
export type RechargeItem = z.infer<typeof rechargeItemSchema>;

/**
 * GET user/rechargeList: bank recharges and chain deposits merged newest first. The cursor is
 * opaque (`<epoch ms>-<b|c>-<id>`): it resumes both sources at once.
 */
export const rechargeListQuerySchema = z.strictObject({
  lang,
  cursor: z.optional(
    z.string().check(z.regex(/^[0-9]{1,15}-[bc]-[1-9][0-9]{0,18}$/, { error: 'invalid_id' })),
  ),
  limit: z._default(intParam(1, FUNDING_PAGE_MAX), FUNDING_PAGE_DEFAULT),
});
export type RechargeListQuery = z.infer<typeof rechargeListQuerySchema>;
export const rechargeListSchema = page(rechargeItemSchema);
export type RechargeList = z.infer<typeof rechargeListSchema>;

/** An attached image, through a short-lived signed address (`GET common/file/:id`). */
export const signedImageSchema = z.object({ url: z.string(), urlExpiresAt: time });
export type SignedImage = z.infer<typeof signedImageSchema>;

/** GET user/rechargeDetail?id= (a bank recharge), and the answer of POST user/recharge. */
export const rechargeDetailSchema = z.extend(rechargeItemSchema, {
  payerName: z.string(),
  account: receivingAccountSchema,
  /** The transfer receipt the user attached; null when none. */
  proof: z.nullable(signedImageSchema),
  /** When a pending one expires unless finance confirms it first. */
  expiresAt: time,
  timeline: z.array(timelineEntrySchema),
});
export type RechargeDetail = z.infer<typeof rechargeDetailSchema>;

/**
 * GET user/depositDetail?id= (a USDT chain deposit, the id of its `usdt` item in
 * `user/rechargeList`): the transfer on the chain, how far it is confirmed, and when it was
 * credited. Another user's or an unknown id is 5031.
 */
export const depositDetailSchema = z.extend(rechargeItemSchema, {
  method: z.literal('usdt'),
  network: z.string(),
  networkName: z.string(),
  txHash: z.string(),
  /** The user's deposit address the transfer was sent to (EIP-55 for `erc20`). */
  address: z.string(),
  confirmations: z.object({ count: z.int(), required: z.int() }),
  /** When its credit journal was posted; null until then. */
  creditedAt: z.nullable(time),
});
export type DepositDetail = z.infer<typeof depositDetailSchema>;

// ---- Withdrawal (user/withdraw, user/withdrawPreview, user/withdrawList, …) ------------------

/**
 * `pending` → `approved` → (`paying` →) `paid`; or `rejected` (refunded) by staff, or
 * `cancelled` (refunded) by the user while pending. Large amounts need two approvers: the
 * first leaves it `pending` with one approval.
 */
export const WITHDRAWAL_STATUSES = [
  'pending',
  'approved',
  'paying',
  'paid',
  'rejected',
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);

/** Fee rounding, named: the fee is rounded to the currency's minor unit this way. */
export const FEE_ROUNDINGS = ['halfEven', 'halfUp', 'ceil', 'floor'] as const;
export type FeeRounding = (typeof FEE_ROUNDINGS)[number];

/** How a withdrawal's fee is made: fixed + amount × percent, rounded as named. */
export const withdrawFeeSchema = z.object({
  fixed: amount,
  /** A percentage as a decimal string ("0.5" = 0.5 %). */
  percent: z.string(),
  rounding: z.enum(FEE_ROUNDINGS),
});

export const withdrawCurrencyConfigSchema = z.object({
  currency: currencyKeySchema,
  /** Open, and a destination exists (a bound card; a usable address). */
  available: z.boolean(),
  min: amount,
  max: amount,
  fee: withdrawFeeSchema,
  /** What the user can withdraw now (available balance). */
  balance: amount,
});

/** GET user/withdraw: bounds, fees, today's count and the time window, and the destinations. */
export const withdrawConfigSchema = z.object({
  open: z.boolean(),
  closeTip: z.optional(z.string()),
  money: withdrawCurrencyConfigSchema,
  usdt: withdrawCurrencyConfigSchema,
  /** Withdrawals per day, counted in the operator's day (cancelled and rejected ones count too). */
  dailyCount: z.int(),
  usedToday: z.int(),
  /** When in the operator's day withdrawals are taken, `HH:MM` (from inclusive, to exclusive). */
  window: z.object({
    from: z.string(),
    to: z.string(),
    /** The operator's offset from UTC in minutes east (UTC+8 → 480). */
    tzOffsetMinutes: z.int(),
    openNow: z.boolean(),
  }),
  realNameRequired: z.boolean(),
  realNameApproved: z.boolean(),
  fundPasswordSet: z.boolean(),
  card: z.nullable(bankCardSchema),
  addresses: z.array(withdrawAddressSchema),
});
export type WithdrawConfig = z.infer<typeof withdrawConfigSchema>;

export const withdrawPreviewQuerySchema = z.strictObject({
  lang,
  currency: currencyKeySchema,
  amount: amountInput,
});
export type WithdrawPreviewQuery = z.infer<typeof withdrawPreviewQuerySchema>;

/** GET user/withdrawPreview: the exact arithmetic before confirming. */
export const withdrawPreviewSchema = z.object({
  currency: currencyKeySchema,
  amount,
  fee: amount,
  /** amount − fee: what reaches the card or address. */
  actualArrival: amount,
  /** The formula with its numbers, e.g. "2.00 + 1000.00 × 0.5% = 7.00 (half-even)". */
  feeArithmetic: z.string(),
});
export type WithdrawPreview = z.infer<typeof withdrawPreviewSchema>;

/** POST user/withdraw (form): CNY to the bound card, or USDT to a usable book address. */
export const withdrawRequestSchema = z.strictObject({
  lang,
  currency: currencyKeySchema,
  amount: amountInput,
  /** USDT: the id of an address from the book (cooled down). Not for CNY. */
  addressId: z.optional(idParam),
  mpassword: fundPasswordInput,
});
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

export const withdrawalItemSchema = z.object({
  id: z.string(),
  currency: currencyKeySchema,
  amount,
  fee: amount,
  actualArrival: amount,
  status: withdrawalStatusSchema,
  statusLabel: z.string(),
  time,
  /** Where it goes: the masked card, or the network and address. */
  destination: z.object({
    kind: z.enum(['card', 'address']),
    /** Card: bank name; address: the network's name. */
    name: z.string(),
    /** Card: masked number; address: the address. */
    account: z.string(),
  }),
  /** Whether the user may still cancel it (pending, no approval yet). */
  cancellable: z.boolean(),
});
export type WithdrawalItem = z.infer<typeof withdrawalItemSchema>;

export const withdrawListQuerySchema = z.strictObject({
  ...listQuery,
  currency: z.optional(currencyKeySchema),
});
export type WithdrawListQuery = z.infer<typeof withdrawListQuerySchema>;
export const withdrawListSchema = page(withdrawalItemSchema);

/** GET user/withdrawDetail?id=, and the answer of POST user/withdraw and withdrawCancel. */
export const withdrawalDetailSchema = z.extend(withdrawalItemSchema, {
  /** The bank's or chain's payout reference once paid (a transaction hash for USDT). */
  payoutReference: z.nullable(z.string()),
  timeline: z.array(timelineEntrySchema),
});
export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

/** POST user/withdrawCancel (form): only while pending and not yet approved. */
export const withdrawCancelSchema = z.strictObject({ lang, id: idParam });
export type WithdrawCancel = z.infer<typeof withdrawCancelSchema>;

// ---- Exchange (user/exchange, user/exchangeQuote, user/exchangeList, user/exchangeDetail) ----

/** A quote holds this long (30 s). */
export const QUOTE_TTL_S = 30;

/** GET user/exchange: the rates and rules. */
export const exchangeConfigSchema = z.object({
  /** False until finance has set a rate. */
  available: z.boolean(),
  /** CNY per 1 USDT, as finance set it (the middle). */
  midRate: z.nullable(z.string()),
  /** What the user pays per USDT when buying (mid + spread, rounded up to 6 decimals). */
  buyRate: z.nullable(z.string()),
  /** What the user gets per USDT when selling (mid − spread, rounded down to 6 decimals). */
  sellRate: z.nullable(z.string()),
  /** The fee as a fraction of the amount ("0.001" = 0.1 %), rounded to the cent (SPEC §9). */
  feeRate: z.string(),
  /** The most one exchange may take, per source currency. */
  max: z.object({ money: amount, usdt: amount }),
  balance: z.object({ money: amount, usdt: amount }),
  quoteTtlS: z.int(),
});
export type ExchangeConfig = z.infer<typeof exchangeConfigSchema>;

export const exchangeQuoteQuerySchema = z.strictObject({
  lang,
  /** What the user gives; they receive the other currency. */
  from: currencyKeySchema,
  amount: amountInput,
});
export type ExchangeQuoteQuery = z.infer<typeof exchangeQuoteQuerySchema>;

/**
 * GET user/exchangeQuote: the exact arithmetic, held for 30 s. fee = amount × feeRate rounded
 * half-even to the cent (0.01 of the source currency); the fee is deducted from the amount
 * exchanged (SPEC §9); receive = (amount − fee) converted at the quoted rate, rounded down to
 * the target's scale.
 */
export const exchangeQuoteSchema = z.object({
  quoteId: z.string(),
  from: currencyKeySchema,
  to: currencyKeySchema,
  amount,
  fee: amount,
  /** amount − fee, in the source currency. */
  net: amount,
  /** CNY per 1 USDT for this direction. */
  rate: z.string(),
  receive: amount,
  /** Each step with its numbers, e.g. "(1000.00 − 1.00) ÷ 7.286250 = 137.107633 USDT". */
  arithmetic: z.string(),
  expiresAt: time,
});
export type ExchangeQuote = z.infer<typeof exchangeQuoteSchema>;

/**
 * POST user/exchange (form): carry out a quote. Refused when it expired (5021) or the rate
 * changed since (5022); `from` and `amount` must be the quote's.
 */
export const exchangeRequestSchema = z.strictObject({
  lang,
  quoteId: idParam,
  from: currencyKeySchema,
  amount: amountInput,
});
export type ExchangeRequest = z.infer<typeof exchangeRequestSchema>;

export const EXCHANGE_STATUSES = ['completed'] as const;

export const exchangeItemSchema = z.object({
  id: z.string(),
  from: currencyKeySchema,
  to: currencyKeySchema,
  amount,
  fee: amount,
  rate: z.string(),
  receive: amount,
  status: z.enum(EXCHANGE_STATUSES),
  statusLabel: z.string(),
  time,
});
export type ExchangeItem = z.infer<typeof exchangeItemSchema>;

/** POST user/exchangeList (form body, SPEC §7). */
export const exchangeListRequestSchema = z.strictObject(listQuery);
export type ExchangeListRequest = z.infer<typeof exchangeListRequestSchema>;
export const exchangeListSchema = page(exchangeItemSchema);

/** GET user/exchangeDetail?id=, and the answer of POST user/exchange. */
export const exchangeDetailSchema = z.extend(exchangeItemSchema, {
  arithmetic: z.string(),
  timeline: z.array(timelineEntrySchema),
});
export type ExchangeDetail = z.infer<typeof exchangeDetailSchema>;

// ---- The user's private `funding` channel ----------------------------------------------------

/** Pushed on every state change of the user's recharges, withdrawals and exchanges. */
export const fundingPushSchema = z.object({
  kind: z.enum(['recharge', 'withdrawal', 'exchange']),
  id: z.string(),
  /** A recharge, withdrawal or exchange status. */
  status: z.string(),
  at: time,
  /** A chain deposit (`kind: 'recharge'`, `method: 'usdt'`): how far it is confirmed now. */
  method: z.optional(z.enum(RECHARGE_METHODS)),
  confirmations: z.optional(z.object({ count: z.int(), required: z.int() })),
});
export type FundingPush = z.infer<typeof fundingPushSchema>;

import { z } from 'zod/mini';
import { localeKeySchema } from '../common.js';
import { symbolSchema } from '../market.js';
import type { CurrencyKey } from '../money.js';
import { MAX_AMOUNT_TEXT_LENGTH, parseAmount } from '../money/amount.js';
import { intField } from '../params.js';
import { periodSchema } from '../trading.js';

/**
 * The back office's settings (docs/backoffice.md): the funding switches with their close tips,
 * products and their periods, and the member-level thresholds. None of them — nor anything
 * else — can decide or influence a trade's outcome (docs/trading-rules.md).
 */

// ---- Funding switches ------------------------------------------------------------------------

export const FUNDING_KINDS = ['recharge', 'withdraw'] as const;
export type FundingKind = (typeof FUNDING_KINDS)[number];
export const fundingKindSchema = z.enum(FUNDING_KINDS);

/** The longest close tip, per locale. */
export const CLOSE_TIP_MAX = 500;

/**
 * What the user app shows while recharge (or withdrawal) is closed, per locale. A locale left
 * out, or blank, falls back to English, then to the app's own text.
 */
export const closeTipsSchema = z.partialRecord(
  localeKeySchema,
  z.string().check(z.trim(), z.maxLength(CLOSE_TIP_MAX)),
);
export type CloseTips = z.infer<typeof closeTipsSchema>;

export const fundingSwitchSchema = z.object({
  open: z.boolean(),
  closeTip: closeTipsSchema,
});
export type FundingSwitch = z.infer<typeof fundingSwitchSchema>;

/** GET settings/funding. */
export const fundingSettingsSchema = z.object({
  recharge: fundingSwitchSchema,
  withdraw: fundingSwitchSchema,
});
export type FundingSettings = z.infer<typeof fundingSettingsSchema>;

/** POST settings/funding/:kind — the switch and its tips, whole. */
export const fundingChangeSchema = z.strictObject({
  open: z.boolean(),
  closeTip: closeTipsSchema,
});
export type FundingChange = z.infer<typeof fundingChangeSchema>;

export const fundingKindParams = z.strictObject({ kind: fundingKindSchema });

// ---- Products and periods --------------------------------------------------------------------

/** `closed` takes no new orders; `open` does while its feed ticks (else users see `paused`). */
export const PRODUCT_TRADING_STATES = ['open', 'closed'] as const;
export type ProductTradingState = (typeof PRODUCT_TRADING_STATES)[number];

/** Where a product sorts among the others (ascending). */
export const SORT_ORDER_MAX = 100_000;

/**
 * A payout rate: profit on a win as a fraction of the stake, above 0 and at most 1, with at most
 * 4 decimals ("0.85" = 85 %). Stored as basis points (`payoutRateToBps`).
 */
export const payoutRateSchema = z.string({ error: 'payout_rate' }).check(
  z.regex(/^(0\.[0-9]{1,4}|1(\.0{1,4})?)$/, { error: 'payout_rate' }),
  z.refine((s) => /[1-9]/.test(s), { error: 'payout_rate' }),
);

/** "0.85" → 8500: exact, for text `payoutRateSchema` accepted. */
export function payoutRateToBps(rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** An amount in `currency`'s scale (never more decimals), above zero unless `allowZero`. */
export function currencyAmountSchema(currency: CurrencyKey, key: string, allowZero = false) {
  return z.string({ error: key }).check(
    z.maxLength(MAX_AMOUNT_TEXT_LENGTH, { error: key }),
    z.refine((s) => parseAmount(s, currency, { allowZero }).ok, { error: key }),
  );
}

/** The minor units of text `currencyAmountSchema` accepted (else undefined). */
export function amountMinor(text: string, currency: CurrencyKey): bigint | undefined {
  const parsed = parseAmount(text, currency, { allowZero: true });
  return parsed.ok ? parsed.minor : undefined;
}

/** A period's stake range in one currency: positive amounts in its scale, min ≤ max. */
function stakeRangeSchema(currency: CurrencyKey) {
  const amount = currencyAmountSchema(currency, 'stake_limit');
  return z.strictObject({ min: amount, max: amount }).check(
    z.refine(
      (r) => {
        const [min, max] = [amountMinor(r.min, currency), amountMinor(r.max, currency)];
        return min === undefined || max === undefined || min <= max;
      },
      { error: 'min_above_max', path: ['min'] },
    ),
  );
}

export const adminPeriodSchema = z.extend(periodSchema, {
  /** A disabled period is not offered; orders already placed on it settle as placed. */
  enabled: z.boolean(),
});
export type AdminPeriod = z.infer<typeof adminPeriodSchema>;

/** A product as the back office sees it, with every period (disabled ones too). */
export const adminProductSchema = z.object({
  symbol: z.string(),
  /** The name in the caller's language (English where it has none). */
  name: z.string(),
  category: z.string(),
  priceScale: z.int(),
  tradingState: z.enum(PRODUCT_TRADING_STATES),
  sortOrder: z.int(),
  periods: z.array(adminPeriodSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** GET settings/products. */
export const adminProductListSchema = z.object({ items: z.array(adminProductSchema) });

/** POST settings/products — a product's state and place, whole. */
export const productChangeSchema = z.strictObject({
  symbol: symbolSchema,
  tradingState: z.enum(PRODUCT_TRADING_STATES),
  sortOrder: intField(-SORT_ORDER_MAX, SORT_ORDER_MAX),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

/**
 * POST settings/periods — a period's terms, whole: payout rate, stake limits per currency, and
 * whether it is offered. They apply to orders placed from then on; an order keeps the terms it
 * was accepted with.
 */
export const periodChangeSchema = z.strictObject({
  symbol: symbolSchema,
  seconds: intField(1, 86_400),
  payoutRate: payoutRateSchema,
  enabled: z.boolean(),
  limits: z.strictObject({
    money: stakeRangeSchema('money'),
    usdt: stakeRangeSchema('usdt'),
  }),
});
export type PeriodChange = z.infer<typeof periodChangeSchema>;

// ---- Member levels ---------------------------------------------------------------------------

/** SPEC §6's member levels, 0–3. */
export const MEMBER_LEVELS = [
  { level: 0, key: 'ordinary' },
  { level: 1, key: 'junior' },
  { level: 2, key: 'intermediate' },
  { level: 3, key: 'premium' },
] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number]['level'];
/** The levels that have a threshold (Ordinary is everyone else). */
export const THRESHOLD_LEVELS = ['junior', 'intermediate', 'premium'] as const;
export type ThresholdLevel = (typeof THRESHOLD_LEVELS)[number];

const amountsSchema = z.strictObject({
  money: currencyAmountSchema('money', 'level_threshold', true),
  usdt: currencyAmountSchema('usdt', 'level_threshold', true),
});

/** One level's threshold: cumulative traded volume and cumulative confirmed deposits. */
const thresholdSchema = z.strictObject({ volume: amountsSchema, deposits: amountsSchema });

/**
 * The thresholds of levels 1–3 (docs/backoffice.md, Member levels). A user reaches a level when,
 * in CNY or in USDT, both their cumulative traded volume (the stakes of their settled real-book
 * orders, void ones excluded) and their cumulative confirmed deposits meet its threshold in that
 * currency; their level is the highest they reach, Ordinary (0) below Junior. Non-negative
 * amounts in each currency's scale; from Junior to Premium, volume strictly ascends and deposits
 * never descend in each currency (0 deposits everywhere: volume alone decides).
 */
export const memberLevelsSchema = z
  .strictObject({
    junior: thresholdSchema,
    intermediate: thresholdSchema,
    premium: thresholdSchema,
  })
  .check(
    z.superRefine((levels, ctx) => {
      const pairs = [
        ['junior', 'intermediate'],
        ['intermediate', 'premium'],
      ] as const satisfies readonly (readonly [ThresholdLevel, ThresholdLevel])[];
      for (const measure of ['volume', 'deposits'] as const) {
        for (const currency of ['money', 'usdt'] as const) {
          for (const [lower, upper] of pairs) {
            const a = amountMinor(levels[lower][measure][currency], currency);
            const b = amountMinor(levels[upper][measure][currency], currency);
            if (a === undefined || b === undefined) continue;
            // Volume strictly ascends; deposits may stay level (0 everywhere: volume decides).
            const volume = measure === 'volume';
            if (volume ? b <= a : b < a)
              ctx.addIssue({
                code: 'custom',
                message: volume ? 'thresholds_ascending' : 'thresholds_not_descending',
                path: [upper, measure, currency],
              });
          }
        }
      }
    }),
  );
export type MemberLevels = z.infer<typeof memberLevelsSchema>;

/**
 * Shipped thresholds. Volume: 10,000 / 100,000 / 1,000,000 CNY; 1,500 / 15,000 / 150,000 USDT.
 * Deposits: none, so volume alone decides until the operator sets deposit requirements (the rule
 * the levels had before deposits counted).
 */
export const DEFAULT_MEMBER_LEVELS: MemberLevels = {
  junior: {
    volume: { money: '10000.00', usdt: '1500.000000' },
    deposits: { money: '0.00', usdt: '0.000000' },
  },
  intermediate: {
    volume: { money: '100000.00', usdt: '15000.000000' },
    deposits: { money: '0.00', usdt: '0.000000' },
  },
  premium: {
    volume: { money: '1000000.00', usdt: '150000.000000' },
    deposits: { money: '0.00', usdt: '0.000000' },
  },
};

// ---- Practice --------------------------------------------------------------------------------

/** The highest starting balance of a practice book (USDT). */
export const PRACTICE_START_MAX = '1000000';

/** GET settings/practice: what a new or reset practice book starts with (USDT, 6 decimals). */
export const practiceSettingsSchema = z.object({ start: z.string() });
export type PracticeSettings = z.infer<typeof practiceSettingsSchema>;

/** POST settings/practice: a decimal above 0 and at most PRACTICE_START_MAX. */
export const practiceSettingsChangeSchema = z.strictObject({
  start: z.string().check(z.trim(), z.maxLength(40)),
});
export type PracticeSettingsChange = z.infer<typeof practiceSettingsChangeSchema>;

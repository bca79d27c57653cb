import { z } from 'zod/mini';
import { localeKeySchema } from '../common.js';
import { earnRateUnits, EARN_CYCLE_MAX_DAYS, penaltyBps } from '../earn.js';
import { currencyKeySchema, type CurrencyKey } from '../money.js';
import { MAX_AMOUNT_TEXT_LENGTH, parseAmount } from '../money/amount.js';
import { EPOCH_MS_MAX, idParam, intField } from '../params.js';

/**
 * Earn products in the back office (docs/earn.md): terms for orders subscribed from then on —
 * an order keeps a copy of the terms it was subscribed with.
 */

export const EARN_PRODUCT_STATUSES = ['active', 'paused'] as const;
export type EarnProductStatus = (typeof EARN_PRODUCT_STATUSES)[number];

const TEXT_MAX = 2_000;
const localized = (max: number) =>
  z.partialRecord(localeKeySchema, z.string().check(z.trim(), z.maxLength(max))).check(
    z.refine((r) => !!r['en-US'], {
      error: 'english_required',
    }),
  );

const amountText = z.string().check(z.maxLength(MAX_AMOUNT_TEXT_LENGTH));
const ok = (text: string | null | undefined, currency: CurrencyKey) =>
  text === null || text === undefined || parseAmount(text, currency).ok;
const minor = (text: string, currency: CurrencyKey) => {
  const p = parseAmount(text, currency);
  return p.ok ? p.minor : undefined;
};
const epochMs = z.nullable(intField(0, EPOCH_MS_MAX));

/** POST earn/products (create) and earn/products/:id (edit) — the whole product. */
export const earnProductChangeSchema = z
  .strictObject({
    names: localized(80),
    descriptions: localized(TEXT_MAX),
    currency: currencyKeySchema,
    dailyRate: z
      .string()
      .check(z.refine((s) => (earnRateUnits(s) ?? 0n) > 0n, { error: 'daily_rate' })),
    cycleDays: intField(1, EARN_CYCLE_MAX_DAYS),
    min: amountText,
    max: amountText,
    userQuota: z.nullable(amountText),
    totalQuota: z.nullable(amountText),
    penaltyRate: z
      .string()
      .check(z.refine((s) => penaltyBps(s) !== undefined, { error: 'penalty_rate' })),
    saleStartsAt: epochMs,
    saleEndsAt: epochMs,
    status: z.enum(EARN_PRODUCT_STATUSES),
    sortOrder: intField(-100_000, 100_000),
  })
  .check(
    z.superRefine((p, ctx) => {
      for (const field of ['min', 'max', 'userQuota', 'totalQuota'] as const) {
        if (!ok(p[field], p.currency))
          ctx.addIssue({ code: 'custom', path: [field], message: 'amount' });
      }
      const [lo, hi] = [minor(p.min, p.currency), minor(p.max, p.currency)];
      if (lo !== undefined && hi !== undefined && lo > hi)
        ctx.addIssue({ code: 'custom', path: ['min'], message: 'min_above_max' });
      if (p.saleStartsAt !== null && p.saleEndsAt !== null && p.saleStartsAt >= p.saleEndsAt)
        ctx.addIssue({ code: 'custom', path: ['saleEndsAt'], message: 'window' });
    }),
  );
export type EarnProductChange = z.infer<typeof earnProductChangeSchema>;

export const earnProductParams = z.strictObject({ id: idParam });

/** A product as the back office sees it: every locale's text, and what was sold. */
export const adminEarnProductSchema = z.object({
  id: z.string(),
  names: z.partialRecord(localeKeySchema, z.string()),
  descriptions: z.partialRecord(localeKeySchema, z.string()),
  currency: currencyKeySchema,
  dailyRate: z.string(),
  cycleDays: z.int(),
  min: z.string(),
  max: z.string(),
  userQuota: z.nullable(z.string()),
  totalQuota: z.nullable(z.string()),
  penaltyRate: z.string(),
  saleStartsAt: z.nullable(z.number()),
  saleEndsAt: z.nullable(z.number()),
  status: z.enum(EARN_PRODUCT_STATUSES),
  sortOrder: z.int(),
  /** Principal ever subscribed (what the total quota counts). */
  subscribed: z.string(),
  /** Orders Hosting now, and their principal. */
  hostingOrders: z.int(),
  hostingPrincipal: z.string(),
});
export type AdminEarnProduct = z.infer<typeof adminEarnProductSchema>;

export const adminEarnProductListSchema = z.object({ items: z.array(adminEarnProductSchema) });

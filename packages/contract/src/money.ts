import { z } from 'zod/mini';

/** SPEC §3: the two wallet currencies; `money` is CNY, `usdt` is USDT. */
export const CURRENCIES = [
  { key: 'money', name: 'CNY', scale: 2 },
  { key: 'usdt', name: 'USDT', scale: 6 },
] as const;

export type CurrencyKey = (typeof CURRENCIES)[number]['key'];

export const currencyKeySchema = z.enum(['money', 'usdt']);

/**
 * A decimal amount on the wire: a string, never a JSON number. Exact parsing into minor units
 * happens in the money core; this schema only fixes the textual shape.
 */
export const decimalStringSchema = z
  .string()
  .check(z.regex(/^-?(0|[1-9]\d{0,17})(\.\d{1,6})?$/, { error: 'invalid_amount' }));

import { z } from 'zod/mini';

/**
 * Numbers, ids and dates as they arrive in query strings and form bodies, parsed strictly: a
 * value either is what the field says, written the one plain way, or it is refused with a
 * validation error (never coerced, never a server error). `z.coerce.number()` took `0x1e`,
 * `0b1`, `1e3`, `" 30 "` and `""` (as 0); ids above int8 reached the database and failed there
 * (issue #23).
 */

/** A plain decimal integer: optional minus, no leading zeros, no sign games, ≤ 15 digits (exact in a double). */
const PLAIN_INT = /^(?:0|-?[1-9][0-9]{0,14})$/;

/** The largest int8 (PostgreSQL bigint): every id and cursor is a positive one. */
export const INT8_MAX = 9_223_372_036_854_775_807n;

/** A missing value keeps the usual "is required" message; anything else names the rule. */
const unlessMissing = (key: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? undefined : key;

/** An integer from a query or form string, within [min, max]. */
export function intParam(min: number, max: number) {
  return z.pipe(
    z.pipe(
      z
        .string({ error: unlessMissing('whole_number') })
        .check(z.regex(PLAIN_INT, { error: 'whole_number' })),
      z.transform(Number),
    ),
    z.int().check(z.minimum(min), z.maximum(max)),
  );
}

/** `intParam`, also taking a JSON number (bodies may be JSON as well as form data). */
export function intField(min: number, max: number) {
  return z.pipe(
    z.pipe(
      z.union([z.int(), z.string().check(z.regex(PLAIN_INT))], {
        error: unlessMissing('whole_number'),
      }),
      z.transform(Number),
    ),
    z.int().check(z.minimum(min), z.maximum(max)),
  );
}

const ID = /^[1-9][0-9]{0,18}$/;

/** A row id or a page cursor: a positive int8 as a decimal string (kept a string: it may exceed 2^53). */
export const idParam = z.string({ error: unlessMissing('invalid_id') }).check(
  z.regex(ID, { error: 'invalid_id' }),
  // zod runs every check even after one fails: BigInt() only sees digits.
  z.refine((s) => ID.test(s) && BigInt(s) <= INT8_MAX, { error: 'invalid_id' }),
);

/** Years a date may name: enough for any statement, far from what a Date cannot hold. */
const YEAR_MIN = 1970;
const YEAR_MAX = 9999;

function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  if (y < YEAR_MIN || y > YEAR_MAX) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar day `YYYY-MM-DD` that exists (2024-02-29 yes; 2024-02-30, 2024-13-45 no). */
export const dateParam = z
  .string({ error: unlessMissing('invalid_date') })
  .check(
    z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, { error: 'invalid_date' }),
    z.refine(isCalendarDate, { error: 'invalid_date' }),
  );

/** Epoch milliseconds up to the end of year 9999. */
export const EPOCH_MS_MAX = 253_402_300_799_999;

/** Free text in a query (a search, a filter): bounded, and no control characters (NUL included). */
export function textParam(max: number) {
  return z.string().check(z.maxLength(max), z.regex(/^[^\p{Cc}]*$/u, { error: 'invalid_format' }));
}

/**
 * Hostile-text fuzzing of `parseAmount` against an independent reference parser written here
 * with plain string walking (no regular expressions, no shared code). Every generated string is
 * tried in both currencies with every combination of options; it must either be refused with
 * the reason the reference gives or parse to exactly the reference's minor units, never throw,
 * and never produce a value outside the documented range. fast-check prints the seed and the
 * shrunk counterexample of any failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CurrencyKey } from '../money.js';
import {
  MAX_AMOUNT_MINOR,
  formatAmount,
  parseAmount,
  type AmountParseOptions,
  type ParseResult,
} from './amount.js';

// Written out independently of CURRENCIES / MAX_AMOUNT_MAJOR on purpose.
const REF_SCALE: Record<CurrencyKey, number> = { money: 2, usdt: 6 };
/** |amount| < 10^12 units: the integer part has at most 12 digits (10^12 has 13). */
const REF_MAX_INTEGER_DIGITS = 12;
const REF_MAX_LENGTH = 40;

const isAsciiDigits = (s: string): boolean => {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
};

function referenceParse(
  text: string,
  currency: CurrencyKey,
  opts: AmountParseOptions,
): ParseResult {
  const fail = (reason: Exclude<ParseResult, { ok: true }>['reason']): ParseResult => ({
    ok: false,
    reason,
  });
  if (text.length === 0) return fail('empty');
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  if (text.length > REF_MAX_LENGTH) return fail(isAsciiDigits(body) ? 'too_large' : 'format');

  const parts = body.split('.');
  if (parts.length > 2) return fail('format');
  const integer = parts[0]!;
  const fraction = parts.length === 2 ? parts[1]! : '';
  if (!isAsciiDigits(integer)) return fail('format');
  if (parts.length === 2 && !isAsciiDigits(fraction)) return fail('format');
  if (integer.length > 1 && integer.startsWith('0')) return fail('format');

  const scale = REF_SCALE[currency];
  if (fraction.length > scale) return fail('too_many_decimals');
  if (integer.length > REF_MAX_INTEGER_DIGITS) return fail('too_large');

  const digits = integer + fraction + '0'.repeat(scale - fraction.length);
  let magnitude = 0n;
  for (let i = 0; i < digits.length; i++) {
    magnitude = magnitude * 10n + BigInt(digits.charCodeAt(i) - 48);
  }
  if (negative && magnitude === 0n) return fail('negative_zero');
  if (negative && opts.allowNegative !== true) return fail('negative');
  if (magnitude === 0n && opts.allowZero !== true) return fail('zero');
  return { ok: true, minor: negative ? -magnitude : magnitude };
}

const CURRENCY_KEYS: CurrencyKey[] = ['money', 'usdt'];
const OPTION_SETS: AmountParseOptions[] = [
  {},
  { allowNegative: true },
  { allowZero: true },
  { allowNegative: true, allowZero: true },
];

/** The whole contract for one string, in every currency and option set. */
function checkAgainstReference(text: string): void {
  for (const currency of CURRENCY_KEYS) {
    for (const opts of OPTION_SETS) {
      const got = parseAmount(text, currency, opts); // must not throw
      const want = referenceParse(text, currency, opts);
      expect(got).toEqual(want);
      if (!got.ok) continue;
      const bound = MAX_AMOUNT_MINOR[currency];
      expect(got.minor > -bound && got.minor < bound).toBe(true);
      if (opts.allowNegative !== true) expect(got.minor >= 0n).toBe(true);
      if (opts.allowZero !== true) expect(got.minor).not.toBe(0n);
      // Formatting gives the same text back, with the fraction padded to the scale.
      const [integer, fraction = ''] = text.split('.');
      const padded = `${integer!}.${fraction.padEnd(REF_SCALE[currency], '0')}`;
      expect(formatAmount(got.minor, currency)).toBe(padded);
    }
  }
}

const digit = fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
const digits = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: digit, minLength, maxLength });

/** Pieces that look numeric or sit next to numbers in real input, ASCII and not. */
const TOKENS = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '-',
  '+',
  '.',
  ',',
  '_',
  'e',
  'E',
  'e+',
  'e-',
  'x',
  '0x',
  '0b',
  'n',
  'NaN',
  'Infinity',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00a0', // no-break space
  '\u2007', // figure space
  '\u200b', // zero-width space
  '\ufeff', // BOM
  '\u2212', // minus sign
  '\uff0d', // full-width hyphen-minus
  '\uff0e', // full-width full stop
  '٫', // Arabic decimal separator
  '０',
  '５',
  '９', // full-width digits
  '٠',
  '٣',
  '٩', // Arabic-Indic digits
  '۰',
  '۵', // extended Arabic-Indic digits
  '०',
  '७', // Devanagari digits
  '߁', // NKo digit one
  '𝟏', // mathematical bold digit one (astral)
  '¹',
  '½',
  '¥',
  '$',
  '\0',
  '\ud800', // lone surrogate
];

describe('parseAmount against a reference parser (hostile strings)', () => {
  it('agrees on arbitrary Unicode strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 50 }),
          fc.string({ unit: 'grapheme', maxLength: 30 }),
          fc.string({ unit: 'binary-ascii', maxLength: 50 }),
        ),
        checkAgainstReference,
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees on numeric-looking token soup (signs, exponents, separators, foreign digits, spaces)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...TOKENS), { maxLength: 14 }).map((t) => t.join('')),
        checkAgainstReference,
      ),
      { numRuns: 4000 },
    );
  });

  it('agrees on decimal-shaped strings around the scale and range limits', () => {
    const decimal = fc
      .tuple(
        fc.constantFrom('', '', '-', '+', ' '),
        fc.oneof(
          digits(0, 15),
          // The edges of the range: 10^12 − 1 and 10^12 units.
          fc.constantFrom('999999999999', '1000000000000', '0', '00', '01'),
        ),
        fc.constantFrom('', '.', '.', '.'),
        digits(0, 8),
        fc.constantFrom('', '', '', ' ', '0', 'e2'),
      )
      .map(([sign, int, dot, frac, tail]) => sign + int + dot + frac + tail);
    fc.assert(fc.property(decimal, checkAgainstReference), { numRuns: 4000 });
  });

  it('agrees on valid amounts, with and without trailing fraction digits', () => {
    const valid = fc
      .tuple(
        fc.boolean(),
        fc.oneof(
          fc.constant('0'),
          digits(0, 11).map((d) => `${'123456789'[d.length % 9]!}${d}`),
        ),
        fc.option(digits(1, 6), { nil: undefined }),
      )
      .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);
    fc.assert(fc.property(valid, checkAgainstReference), { numRuns: 3000 });
  });

  it('agrees on strings around and far beyond the length cap', () => {
    const long = fc.oneof(
      fc.tuple(fc.constantFrom('', '-', '+'), digits(30, 60)).map(([sign, d]) => sign + d),
      fc.tuple(digits(15, 30), digits(15, 30)).map(([a, b]) => `${a}.${b}`),
      fc.tuple(digits(35, 45), fc.constantFrom(' ', 'e', '.', 'x', '٣')).map(([d, t]) => d + t),
      fc
        .tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.constantFrom('9', '0', 'a', ' '))
        .map(([n, c]) => '1'.repeat(n) + c),
    );
    fc.assert(fc.property(long, checkAgainstReference), { numRuns: 1000 });
  });
});

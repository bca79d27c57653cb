import { describe, expect, it } from 'vitest';
import type { CurrencyKey } from '../money.js';
import {
  AMOUNT_ERRORS,
  AmountParseError,
  MAX_AMOUNT_MINOR,
  SCALES,
  formatAmount,
  parseAmount,
  parseAmountOrThrow,
  type AmountError,
  type AmountParseOptions,
} from './amount.js';

const ALL: AmountParseOptions = { allowNegative: true, allowZero: true };

describe('scales and bounds', () => {
  it('derives the scales from CURRENCIES: CNY 2, USDT 6', () => {
    expect(SCALES).toEqual({ money: 2, usdt: 6 });
  });

  it('keeps every USDT amount inside a PostgreSQL bigint', () => {
    // 10^12 units × 10^6 minor units per unit = 10^18 < 2^63 − 1 = 9 223 372 036 854 775 807
    expect(MAX_AMOUNT_MINOR.usdt).toBe(10n ** 18n);
    expect(MAX_AMOUNT_MINOR.usdt < 2n ** 63n - 1n).toBe(true);
    // 10^12 units × 10^2 = 10^14
    expect(MAX_AMOUNT_MINOR.money).toBe(10n ** 14n);
  });
});

describe('parseAmount accepts exact decimals', () => {
  const cases: [text: string, currency: CurrencyKey, minor: bigint, note: string][] = [
    ['1234.50', 'money', 123450n, '1234.50 CNY = 123450 fen'],
    ['1234.5', 'money', 123450n, '1234.5 = 1234.50, padded, not rounded'],
    ['1234', 'money', 123400n, 'no fraction = 1234.00'],
    ['0.01', 'money', 1n, 'one fen'],
    ['0.000001', 'usdt', 1n, 'one micro-USDT'],
    ['1.5', 'usdt', 1_500_000n, '1.5 × 10^6'],
    ['999999999999.99', 'money', 99_999_999_999_999n, 'largest CNY: 10^14 − 1 fen'],
    ['999999999999.999999', 'usdt', 999_999_999_999_999_999n, 'largest USDT: 10^18 − 1'],
    // 2^53 + 1 minor units: a float would round it to 2^53.
    ['9007199254.740993', 'usdt', 9_007_199_254_740_993n, '2^53 + 1 micro-USDT, exact'],
  ];

  for (const [text, currency, minor, note] of cases) {
    it(`parses ${JSON.stringify(text)} ${currency} as ${minor} (${note})`, () => {
      expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
    });
  }

  it('parses negatives and zero only when allowed', () => {
    expect(parseAmount('-12.34', 'money', { allowNegative: true })).toEqual({
      ok: true,
      minor: -1234n,
    });
    expect(parseAmount('-999999999999.99', 'money', ALL)).toEqual({
      ok: true,
      minor: -99_999_999_999_999n, // −(10^14 − 1)
    });
    expect(parseAmount('0', 'money', { allowZero: true })).toEqual({ ok: true, minor: 0n });
    expect(parseAmount('0.000000', 'usdt', { allowZero: true })).toEqual({ ok: true, minor: 0n });
  });
});

describe('parseAmount rejects, with a reason', () => {
  const table: Record<
    AmountError,
    [text: string, currency: CurrencyKey, opts?: AmountParseOptions][]
  > = {
    empty: [
      ['', 'money'],
      ['', 'usdt', ALL],
    ],
    format: [
      [' 1', 'money'],
      ['1 ', 'money'],
      ['\t1.00', 'money'],
      ['1.00\n', 'money'],
      ['   ', 'money'],
      ['1 000', 'money'],
      ['1e5', 'money'],
      ['1E5', 'money'],
      ['1.5e-3', 'usdt'],
      ['NaN', 'money'],
      ['Infinity', 'money'],
      ['-Infinity', 'money', ALL],
      ['+1', 'money'],
      ['.5', 'money'],
      ['5.', 'money'],
      ['-.5', 'money', ALL],
      ['-', 'money', ALL],
      ['.', 'money'],
      ['--1', 'money', ALL],
      ['1.2.3', 'money'],
      ['0x10', 'money'],
      ['0b1', 'money'],
      ['0o7', 'money'],
      ['1_000', 'money'],
      ['1,000', 'money'],
      ['1,5', 'money'],
      ['007', 'money'],
      ['00', 'money', ALL],
      ['00.5', 'money'],
      ['-01', 'money', ALL],
      ['１２', 'money'], // full-width digits
      ['١٢٣', 'money'], // Arabic-Indic digits
      ['۱۲۳', 'money'], // extended Arabic-Indic (Persian) digits
      ['१२', 'money'], // Devanagari digits
      ['\u221212', 'money', ALL], // U+2212 MINUS SIGN, not ASCII '-'
      ['1\u200b2', 'money'], // zero-width space
      ['12\u00a0', 'money'], // no-break space
      ['¥12', 'money'],
      ['12 CNY', 'money'],
      ['1'.repeat(20) + 'x'.repeat(21), 'money'], // 41 characters, not all digits
      ['1.' + '0'.repeat(39), 'money'], // 41 characters with a dot: format, cheaply
    ],
    too_many_decimals: [
      ['1.005', 'money'], // never rounded to 1.00 or 1.01
      ['1.000', 'money'], // even trailing zeros beyond the scale
      ['0.0000001', 'usdt'],
      ['-0.001', 'money', ALL],
      ['1000000000000.001', 'money'], // also too large, but decimals are checked first
    ],
    too_large: [
      ['1000000000000', 'money'], // 10^12 = MAX_AMOUNT_MAJOR (exclusive)
      ['1000000000000.00', 'money'],
      ['1000000000000', 'usdt'],
      ['-1000000000000', 'money', ALL],
      ['99999999999999999999', 'usdt'],
      ['9'.repeat(41), 'money'], // over the length cap: digits only
      ['-' + '9'.repeat(40), 'money', ALL], // over the length cap: a signed digit run
      ['1'.repeat(100_000), 'usdt'], // a huge string is refused without building a bigint
    ],
    negative_zero: [
      ['-0', 'money', ALL],
      ['-0.00', 'money', ALL],
      ['-0.0', 'usdt'],
      ['-0.000000', 'usdt', ALL],
    ],
    negative: [
      ['-1', 'money'],
      ['-0.01', 'money', { allowZero: true }],
      ['-999999999999.999999', 'usdt'],
    ],
    zero: [
      ['0', 'money'],
      ['0.00', 'money', { allowNegative: true }],
      ['0.0', 'usdt'],
    ],
  };

  for (const reason of AMOUNT_ERRORS) {
    describe(reason, () => {
      for (const [text, currency, opts] of table[reason]) {
        const shown = text.length > 50 ? `${text.slice(0, 20)}… (${text.length} chars)` : text;
        it(`${JSON.stringify(shown)} ${currency} ${JSON.stringify(opts ?? {})}`, () => {
          expect(parseAmount(text, currency, opts)).toEqual({ ok: false, reason });
        });
      }
    });
  }

  it('treats a non-string from an untyped caller as format, never as a number', () => {
    expect(parseAmount(12.5 as unknown as string, 'money')).toEqual({
      ok: false,
      reason: 'format',
    });
    expect(parseAmount(5n as unknown as string, 'money')).toEqual({ ok: false, reason: 'format' });
  });

  it('throws RangeError on a key that is not a currency (a programming error)', () => {
    expect(() => parseAmount('1', 'eur' as CurrencyKey)).toThrow(RangeError);
    expect(() => parseAmount('1', 'toString' as CurrencyKey)).toThrow(RangeError);
  });
});

describe('parseAmountOrThrow', () => {
  it('returns the minor units of valid text', () => {
    // 85.00 CNY = 8500 fen
    expect(parseAmountOrThrow('85.00', 'money')).toBe(8500n);
  });

  it('throws AmountParseError carrying the reason', () => {
    const error: unknown = (() => {
      try {
        parseAmountOrThrow('1.005', 'money');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(AmountParseError);
    expect((error as AmountParseError).reason).toBe('too_many_decimals');
    expect((error as AmountParseError).name).toBe('AmountParseError');
  });
});

describe('formatAmount', () => {
  const cases: [minor: bigint, currency: CurrencyKey, text: string][] = [
    [123450n, 'money', '1234.50'], // 123450 fen = 1234.50
    [-1n, 'usdt', '-0.000001'], // −1 micro-USDT
    [0n, 'money', '0.00'],
    [0n, 'usdt', '0.000000'],
    [5n, 'money', '0.05'],
    [-99n, 'money', '-0.99'],
    [100n, 'money', '1.00'],
    [99_999_999_999_999n, 'money', '999999999999.99'], // 10^14 − 1 fen
    [-999_999_999_999_999_999n, 'usdt', '-999999999999.999999'], // −(10^18 − 1)
    [123_456_789n, 'money', '1234567.89'], // no grouping
  ];
  for (const [minor, currency, text] of cases) {
    it(`formats ${minor} ${currency} as ${text}`, () => {
      expect(formatAmount(minor, currency)).toBe(text);
    });
  }

  it('refuses a number', () => {
    expect(() => formatAmount(5 as unknown as bigint, 'money')).toThrow(TypeError);
  });
});

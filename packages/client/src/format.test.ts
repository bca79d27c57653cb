import fc from 'fast-check';
import { LOCALES } from '@ampere/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  divRound,
  formatAmount,
  formatAmountMinor,
  formatCurrency,
  formatNumber,
  minorToDecimal,
  numberSymbolsFor,
  parseDecimal,
  setNumberLocale,
  APP_NUMBER_SYMBOLS,
} from './format';

describe('parseDecimal', () => {
  it('splits sign, integer and fraction, dropping leading zeros', () => {
    expect(parseDecimal('-001234.567800')).toEqual({ negative: true, int: '1234', frac: '567800' });
    expect(parseDecimal('0')).toEqual({ negative: false, int: '0', frac: '' });
    expect(parseDecimal('000.5')).toEqual({ negative: false, int: '0', frac: '5' });
  });

  it.each([
    '',
    '-',
    '1.',
    '.5',
    '+1',
    '1e5',
    ' 1',
    '1,000',
    'NaN',
    '1.2.3',
    '0x10',
    '1'.repeat(65),
  ])('rejects %j with a TypeError', (bad) => {
    expect(() => parseDecimal(bad)).toThrow(TypeError);
  });

  it('rejects a number that slipped past the types', () => {
    expect(() => parseDecimal(12.5 as unknown as string)).toThrow(TypeError);
  });
});

describe('divRound', () => {
  it('rounds half to even in both directions and truncates toward zero', () => {
    expect(divRound(15n, 10n, 'halfEven')).toBe(2n); // 1.5 → 2
    expect(divRound(25n, 10n, 'halfEven')).toBe(2n); // 2.5 → 2
    expect(divRound(-15n, 10n, 'halfEven')).toBe(-2n); // -1.5 → -2
    expect(divRound(-25n, 10n, 'halfEven')).toBe(-2n); // -2.5 → -2
    expect(divRound(26n, 10n, 'halfEven')).toBe(3n);
    expect(divRound(-24n, 10n, 'halfEven')).toBe(-2n);
    expect(divRound(-19n, 10n, 'truncate')).toBe(-1n);
    expect(() => divRound(1n, 0n, 'truncate')).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it.each([
    ['1234.5678', '1,234.56'], // 4 integer digits → 2 decimals, truncated not rounded
    ['12.345678', '12.3456'], // fewer than 4 digits → 4 decimals
    ['12.30000', '12.3'],
    ['5', '5'],
    ['5.00000', '5'],
    ['-0.00001', '0'], // truncates to zero: never "-0"
    ['-1234.5678', '-1,234.56'],
    ['999.99999', '999.9999'],
    ['9999.999', '9,999.99'],
    ['1234567890.129', '1,234,567,890.12'],
    ['0.00009', '0'],
    ['0012.5', '12.5'],
  ])('%s → %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('never displays more than the value holds', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }))
      .map(([units, scale]) => minorToDecimal(units, scale));
    fc.assert(
      fc.property(decimal, (value) => {
        const shown = formatAmount(value).replaceAll(',', '');
        const scale = 12;
        const toUnits = (s: string) => {
          const p = parseDecimal(s);
          return BigInt(p.int + p.frac.padEnd(scale, '0'));
        };
        const exact = toUnits(value);
        const displayed = toUnits(shown);
        const step = 10n ** BigInt(scale - (parseDecimal(value).int.length >= 4 ? 2 : 4));
        return displayed <= exact && exact - displayed < step;
      }),
    );
  });

  it('formats minor units through the same rule', () => {
    expect(formatAmountMinor(123456n, 2)).toBe('1,234.56');
    expect(formatAmountMinor(-5n, 6)).toBe('0'); // -0.000005 truncates to zero
    expect(minorToDecimal(-5n, 6)).toBe('-0.000005');
    expect(minorToDecimal(100n, 0)).toBe('100');
  });
});

describe('formatNumber', () => {
  it('fixes decimals with half-even rounding and grouping', () => {
    expect(formatNumber('1234.5', 2)).toBe('1,234.50');
    expect(formatNumber('0.125', 2)).toBe('0.12'); // tie → even
    expect(formatNumber('0.135', 2)).toBe('0.14'); // tie → even
    expect(formatNumber('0.1251', 2)).toBe('0.13');
    expect(formatNumber('-2.5', 0)).toBe('-2');
    expect(formatNumber('1234567', 0)).toBe('1,234,567');
    expect(formatNumber('-0.001', 2)).toBe('0.00');
    expect(formatNumber('1', 20)).toBe(`1.${'0'.repeat(20)}`);
  });

  it.each([-1, 21, 1.5, Number.NaN])('throws RangeError for %s decimals', (decimals) => {
    expect(() => formatNumber('1', decimals)).toThrow(RangeError);
  });
});

describe('abbreviateNumber', () => {
  it.each([
    ['1500000', '1.5M'],
    ['1000000', '1M'],
    ['-2345678', '-2.35M'],
    ['2250000000', '2.25B'],
    ['1000000000000', '1T'],
    ['1000000000000000', '1,000T'], // T is the largest unit
    ['999999999', '1B'], // would round to 1,000M, so it moves up a unit
    ['999999', '999,999.00'], // below one million: formatNumber
    ['1234.5', '1,234.50'],
  ])('%s → %s', (input, expected) => {
    expect(abbreviateNumber(input)).toBe(expected);
  });

  it('honours the decimals argument', () => {
    expect(abbreviateNumber('1234567', 0)).toBe('1M');
    expect(abbreviateNumber('1234567', 4)).toBe('1.2346M');
    expect(abbreviateNumber('12.345', 1)).toBe('12.3');
  });
});

describe('formatCurrency', () => {
  it('shows USD in English and CNY in Chinese, 2 decimals, sign before the symbol', () => {
    expect(formatCurrency('1234.5', 'en-US')).toBe('$1,234.50');
    expect(formatCurrency('1234.5', 'zh-Hans')).toBe('¥1,234.50');
    expect(formatCurrency('1234.5', 'zh-Hant')).toBe('¥1,234.50');
    expect(formatCurrency('-1234.5', 'en-US')).toBe('-$1,234.50');
    expect(formatCurrency('0.005', 'de')).toBe('¥0.00'); // tie → even (0)
    expect(formatCurrency('0.015', 'en-US')).toBe('$0.02'); // tie → even (2)
    expect(formatCurrency('-0.001', 'en-US')).toBe('$0.00');
  });
});

describe('numbers in the display language (separators from Intl, digits from the string)', () => {
  afterEach(() => {
    setNumberLocale('en-US');
  });

  // [locale, formatAmount('1000.5', 2), formatAmount('1234567.891'), formatNumber('0.5', 2),
  //  abbreviateNumber('2345678')]
  it.each([
    ['en-US', '1,000.50', '1,234,567.89', '0.50', '2.35M'],
    ['zh-Hans', '1,000.50', '1,234,567.89', '0.50', '2.35M'],
    ['zh-Hant', '1,000.50', '1,234,567.89', '0.50', '2.35M'],
    ['ja', '1,000.50', '1,234,567.89', '0.50', '2.35M'],
    ['ko', '1,000.50', '1,234,567.89', '0.50', '2.35M'],
    ['th', '1,000.50', '1,234,567.89', '0.50', '2.35M'],
    ['de', '1.000,50', '1.234.567,89', '0,50', '2,35M'],
    ['vi', '1.000,50', '1.234.567,89', '0,50', '2,35M'],
    ['pt', '1.000,50', '1.234.567,89', '0,50', '2,35M'],
    // CLDR groups 4-digit numbers in it and es only from 5 digits: 1000,50 but 1.234.567,89.
    ['it', '1000,50', '1.234.567,89', '0,50', '2,35M'],
    ['es', '1000,50', '1.234.567,89', '0,50', '2,35M'],
    // ru groups with a no-break space, fr with a narrow no-break space.
    ['ru', '1\u00a0000,50', '1\u00a0234\u00a0567,89', '0,50', '2,35M'],
    ['fr', '1\u202f000,50', '1\u202f234\u202f567,89', '0,50', '2,35M'],
  ])('%s', (locale, thousand, million, half, abbreviated) => {
    setNumberLocale(locale);
    expect(formatAmount('1000.5', 2)).toBe(thousand); // 4 integer digits → 2 decimals
    expect(formatAmount('1234567.891')).toBe(million); // truncated, not rounded
    expect(formatNumber('0.5', 2)).toBe(half);
    expect(abbreviateNumber('2345678')).toBe(abbreviated); // ≥ 1,000,000 → M, half-even
    // SPEC §5's other rules hold in every language: 4 decimals below 1000, zeros trimmed.
    expect(formatAmount('12.3400')).toBe(`12${half.slice(1, 2)}34`);
    expect(formatAmount('-0.00001')).toBe('0');
  });

  it("writes out the 13 languages' separators exactly as Intl gives them", () => {
    for (const { key } of LOCALES) {
      expect(APP_NUMBER_SYMBOLS[key], key).toEqual(numberSymbolsFor(key));
    }
    expect(Object.keys(APP_NUMBER_SYMBOLS).sort()).toEqual(LOCALES.map((l) => l.key).sort());
  });

  it('reads a language outside the 13 from Intl', () => {
    setNumberLocale('de-CH'); // Swiss German groups with an apostrophe (Node's ICU)
    expect(formatAmount('1234567.891')).toBe("1'234'567.89");
  });

  it('never changes the plain decimal of the wire', () => {
    setNumberLocale('de');
    expect(minorToDecimal(123456n, 2)).toBe('1234.56');
  });

  it('keeps the digits of amounts too large for a float', () => {
    setNumberLocale('de');
    expect(formatAmount('90071992547409931.99')).toBe('90.071.992.547.409.931,99');
  });
});

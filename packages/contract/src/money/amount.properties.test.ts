import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CurrencyKey } from '../money.js';
import {
  MAX_AMOUNT_MINOR,
  Money,
  formatAmount,
  formatScaled,
  isAmountInRange,
  parseAmount,
  parseScaled,
} from './amount.js';
import { ROUNDING_MODES, divRound } from './rounding.js';

const ALL = { allowNegative: true, allowZero: true } as const;
const currency = fc.constantFrom<CurrencyKey>('money', 'usdt');

/** Any in-range minor amount of `c`, biased (by fast-check) towards 0 and the bounds. */
const minorIn = (c: CurrencyKey, divisor = 1n): fc.Arbitrary<bigint> => {
  const limit = (MAX_AMOUNT_MINOR[c] - 1n) / divisor;
  return fc.bigInt({ min: -limit, max: limit });
};
const amount = (divisor = 1n): fc.Arbitrary<[CurrencyKey, bigint]> =>
  currency.chain((c) => minorIn(c, divisor).map((m): [CurrencyKey, bigint] => [c, m]));

describe('format and parse round-trip', () => {
  it('parseAmount(formatAmount(m)) === m for every in-range m', () => {
    fc.assert(
      fc.property(amount(), ([c, m]) => {
        expect(parseAmount(formatAmount(m, c), c, ALL)).toEqual({ ok: true, minor: m });
      }),
      { numRuns: 10_000 },
    );
  });

  it('holds at the edges of the range', () => {
    for (const c of ['money', 'usdt'] as const) {
      const top = MAX_AMOUNT_MINOR[c] - 1n;
      for (const m of [-top, -1n, 0n, 1n, top]) {
        expect(parseAmount(formatAmount(m, c), c, ALL)).toEqual({ ok: true, minor: m });
      }
      // One past the edge formats, but does not parse back: the range is enforced on input.
      expect(parseAmount(formatAmount(top + 1n, c), c, ALL)).toEqual({
        ok: false,
        reason: 'too_large',
      });
    }
  });
});

describe('Money arithmetic properties', () => {
  // Each operand within a quarter of the range, so any sum of three stays in range.
  const triple = currency.chain((c) =>
    fc
      .tuple(minorIn(c, 4n), minorIn(c, 4n), minorIn(c, 4n))
      .map(([a, b, d]) => [Money.of(c, a), Money.of(c, b), Money.of(c, d)] as const),
  );

  it('adds associatively and commutatively', () => {
    fc.assert(
      fc.property(triple, ([a, b, c]) => {
        expect(
          a
            .plus(b)
            .plus(c)
            .equals(a.plus(b.plus(c))),
        ).toBe(true);
        expect(a.plus(b).equals(b.plus(a))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('undoes plus with minus, and x + (−x) = 0', () => {
    fc.assert(
      fc.property(triple, ([a, b]) => {
        expect(a.plus(b).minus(b).equals(a)).toBe(true);
        expect(a.minus(b).plus(b).equals(a)).toBe(true);
        expect(a.plus(a.negate()).isZero()).toBe(true);
        expect(a.minus(b).equals(b.minus(a).negate())).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('either stays in range or throws RangeError, never wraps', () => {
    fc.assert(
      fc.property(
        currency.chain((c) => fc.tuple(fc.constant(c), minorIn(c), minorIn(c))),
        ([c, x, y]) => {
          const a = Money.of(c, x);
          const b = Money.of(c, y);
          const sum = x + y;
          if (isAmountInRange(sum, c)) expect(a.plus(b).minor).toBe(sum);
          else expect(() => a.plus(b)).toThrow(RangeError);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('mulRatio is divRound(minor × num, den, mode), or a RangeError when out of range', () => {
    const ratio = fc.tuple(
      fc.bigInt({ min: -20_000n, max: 20_000n }),
      fc.bigInt({ min: -20_000n, max: 20_000n }).filter((d) => d !== 0n),
    );
    fc.assert(
      fc.property(
        amount(),
        ratio,
        fc.constantFrom(...ROUNDING_MODES),
        ([c, m], [num, den], mode) => {
          const expected = divRound(m * num, den, mode);
          const money = Money.of(c, m);
          if (isAmountInRange(expected, c)) {
            expect(money.mulRatio(num, den, mode).minor).toBe(expected);
          } else {
            expect(() => money.mulRatio(num, den, mode)).toThrow(RangeError);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('formatScaled / parseScaled', () => {
  it('formats and parses any scale exactly', () => {
    expect(formatScaled(9_712_345n, 2)).toBe('97123.45'); // 9712345 / 10^2
    expect(formatScaled(5n, 5)).toBe('0.00005');
    expect(formatScaled(-108_000n, 5)).toBe('-1.08000');
    expect(formatScaled(42n, 0)).toBe('42');
    expect(parseScaled('1.08', 5)).toBe(108_000n); // 1.08000 × 10^5
    expect(parseScaled('97000', 2)).toBe(9_700_000n);
    expect(() => parseScaled('1.234', 2)).toThrow(RangeError);
    expect(() => parseScaled('1e3', 2)).toThrow(RangeError);
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 8 }),
        (v, scale) => {
          expect(parseScaled(formatScaled(v, scale), scale)).toBe(v);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

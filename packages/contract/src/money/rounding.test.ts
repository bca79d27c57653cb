import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ROUNDING_MODES,
  divCeil,
  divFloor,
  divRound,
  divTrunc,
  roundHalfEven,
  roundHalfUp,
  type RoundingMode,
} from './rounding.js';

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

/** Expected results per mode for one quotient, written as `n / d`. */
type Row = [n: bigint, d: bigint, expected: Record<RoundingMode, bigint>];

// Each row: the exact quotient in a comment, then halfEven, halfUp, floor, ceil, trunc.
const row = (
  n: bigint,
  d: bigint,
  he: bigint,
  hu: bigint,
  fl: bigint,
  ce: bigint,
  tr: bigint,
): Row => [n, d, { halfEven: he, halfUp: hu, floor: fl, ceil: ce, trunc: tr }];

const TABLE: Row[] = [
  row(10n, 5n, 2n, 2n, 2n, 2n, 2n), // 10 / 5 = 2 exactly
  row(0n, 7n, 0n, 0n, 0n, 0n, 0n), // 0 / 7 = 0
  row(15n, 10n, 2n, 2n, 1n, 2n, 1n), // 1.5: tie, 1 is odd → 2
  row(25n, 10n, 2n, 3n, 2n, 3n, 2n), // 2.5: tie, 2 is even → 2
  row(-15n, 10n, -2n, -2n, -2n, -1n, -1n), // −1.5: tie → −2
  row(-25n, 10n, -2n, -3n, -3n, -2n, -2n), // −2.5: tie → −2 (even), −3 (away)
  row(27n, 10n, 3n, 3n, 2n, 3n, 2n), // 2.7
  row(21n, 10n, 2n, 2n, 2n, 3n, 2n), // 2.1
  row(-27n, 10n, -3n, -3n, -3n, -2n, -2n), // −2.7
  row(-21n, 10n, -2n, -2n, -3n, -2n, -2n), // −2.1
  row(25n, -10n, -2n, -3n, -3n, -2n, -2n), // 25 / −10 = −2.5
  row(-25n, -10n, 2n, 3n, 2n, 3n, 2n), // −25 / −10 = 2.5
  row(1n, 3n, 0n, 0n, 0n, 1n, 0n), // 0.333…
  row(2n, 3n, 1n, 1n, 0n, 1n, 0n), // 0.666…
  row(-1n, 3n, 0n, 0n, -1n, 0n, 0n), // −0.333…
  row(5n, 10n, 0n, 1n, 0n, 1n, 0n), // 0.5: tie, 0 is even → 0
  row(-5n, 10n, 0n, -1n, -1n, 0n, 0n), // −0.5: tie → 0 (even), −1 (away)
];

describe('divRound', () => {
  for (const [n, d, expected] of TABLE) {
    for (const mode of ROUNDING_MODES) {
      it(`${n} / ${d} with ${mode} is ${expected[mode]}`, () => {
        expect(divRound(n, d, mode)).toBe(expected[mode]);
      });
    }
  }

  it('throws RangeError on a zero denominator, in every mode', () => {
    for (const mode of ROUNDING_MODES) {
      expect(() => divRound(1n, 0n, mode)).toThrow(RangeError);
      expect(() => divRound(0n, 0n, mode)).toThrow(RangeError);
    }
  });

  it('is exact far beyond 2^53 (no float anywhere)', () => {
    // (2^80 + 1) / 2 = 2^79 + 0.5: a tie; 2^79 is even.
    const n = 2n ** 80n + 1n;
    expect(divRound(n, 2n, 'halfEven')).toBe(2n ** 79n);
    expect(divRound(n, 2n, 'halfUp')).toBe(2n ** 79n + 1n);
  });

  it('names the common modes as convenience functions', () => {
    // 25 / 10 = 2.5
    expect(roundHalfEven(25n, 10n)).toBe(2n);
    expect(roundHalfUp(25n, 10n)).toBe(3n);
    // −27 / 10 = −2.7
    expect(divFloor(-27n, 10n)).toBe(-3n);
    expect(divCeil(-27n, 10n)).toBe(-2n);
    expect(divTrunc(-27n, 10n)).toBe(-2n);
  });
});

describe('divRound properties', () => {
  const big = fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n });
  const nonZero = fc
    .oneof(fc.bigInt({ min: -1000n, max: 1000n }), fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }))
    .filter((d) => d !== 0n);
  const mode = fc.constantFrom(...ROUNDING_MODES);

  it('lands within one denominator of the numerator, on the side the mode names', () => {
    fc.assert(
      fc.property(big, nonZero, mode, (n, d, m) => {
        const q = divRound(n, d, m);
        // Work with a positive denominator: n / d = n' / d'.
        const n1 = d < 0n ? -n : n;
        const d1 = abs(d);
        const err = n1 - q * d1; // exact quotient minus q, scaled by d1
        expect(abs(err) < d1).toBe(true);
        switch (m) {
          case 'floor':
            expect(err >= 0n).toBe(true); // q ≤ n/d
            break;
          case 'ceil':
            expect(err <= 0n).toBe(true); // q ≥ n/d
            break;
          case 'trunc':
            expect(abs(q * d1) <= abs(n1)).toBe(true); // |q| ≤ |n/d|
            if (q !== 0n) expect(q < 0n === n1 < 0n).toBe(true);
            break;
          case 'halfUp':
          case 'halfEven': {
            expect(2n * abs(err) <= d1).toBe(true); // nearest
            if (2n * abs(err) === d1) {
              // A tie: halfUp goes away from zero, halfEven to the even neighbour.
              if (m === 'halfUp') expect(abs(q * d1) > abs(n1)).toBe(true);
              else expect(q % 2n).toBe(0n);
            }
            break;
          }
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('sends every tie to the even neighbour with halfEven', () => {
    // n / 2 with n odd is always a tie: k + 0.5.
    fc.assert(
      fc.property(big, (k) => {
        const n = 2n * k + 1n;
        const q = roundHalfEven(n, 2n);
        expect(q % 2n).toBe(0n);
        expect(q === k || q === k + 1n).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('does not care which operand carries the sign', () => {
    fc.assert(
      fc.property(big, nonZero, mode, (n, d, m) => {
        expect(divRound(-n, -d, m)).toBe(divRound(n, d, m));
      }),
      { numRuns: 2000 },
    );
  });

  it('is symmetric: floor(−x) = −ceil(x), trunc and the half modes are odd functions', () => {
    fc.assert(
      fc.property(big, nonZero, (n, d) => {
        expect(divFloor(-n, d)).toBe(-divCeil(n, d));
        expect(divTrunc(-n, d)).toBe(-divTrunc(n, d));
        expect(roundHalfUp(-n, d)).toBe(-roundHalfUp(n, d));
        expect(roundHalfEven(-n, d)).toBe(-roundHalfEven(n, d));
      }),
      { numRuns: 2000 },
    );
  });
});

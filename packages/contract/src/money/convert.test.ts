import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR, convert, formatAmount } from './amount.js';
import { ROUNDING_MODES, divRound } from './rounding.js';

describe('convert', () => {
  it('converts CNY to USDT at 1 USDT = 7.1 CNY, flooring to the micro-USDT', () => {
    // 100.00 CNY ÷ 7.1 = 14.0845070422… USDT → floor → 14.084507
    // rate = 1 / 7.1 = 10/71 USDT per CNY; 10000 fen × 10 × 10^6 / (71 × 10^2) = 14084507.04…
    const usdt = convert(10000n, 'money', 'usdt', { num: 10n, den: 71n }, 'floor');
    expect(usdt).toBe(14_084_507n);
    expect(formatAmount(usdt, 'usdt')).toBe('14.084507');
  });

  it('converts USDT to CNY at 7.1, rounding half-even to the fen', () => {
    // 14.084507 USDT × 7.1 = 99.9999997 CNY → halfEven → 100.00
    const cny = convert(14_084_507n, 'usdt', 'money', { num: 71n, den: 10n }, 'halfEven');
    expect(formatAmount(cny, 'money')).toBe('100.00');
    // … and floor loses the fraction of a fen: → 99.99
    expect(
      formatAmount(convert(14_084_507n, 'usdt', 'money', { num: 71n, den: 10n }, 'floor'), 'money'),
    ).toBe('99.99');
  });

  it('converts USDT to CNY exactly when the result fits the scale', () => {
    // 2.5 USDT × 7.2 = 18.00 CNY
    expect(convert(2_500_000n, 'usdt', 'money', { num: 72n, den: 10n }, 'halfEven')).toBe(1800n);
  });

  it('converts a single micro-USDT to nothing under floor and to one fen under ceil', () => {
    // 0.000001 USDT × 7.1 = 0.0000071 CNY → floor 0.00, ceil 0.01
    expect(convert(1n, 'usdt', 'money', { num: 71n, den: 10n }, 'floor')).toBe(0n);
    expect(convert(1n, 'usdt', 'money', { num: 71n, den: 10n }, 'ceil')).toBe(1n);
  });

  it('keeps the sign of negative amounts', () => {
    // −100.00 CNY ÷ 7.1 = −14.0845070… → floor → −14.084508 (towards −∞)
    expect(convert(-10000n, 'money', 'usdt', { num: 10n, den: 71n }, 'floor')).toBe(-14_084_508n);
  });

  it('is the identity at rate 1 within one currency', () => {
    // 12.34 CNY × 1 = 12.34 CNY
    expect(convert(1234n, 'money', 'money', { num: 1n, den: 1n }, 'halfEven')).toBe(1234n);
  });

  it('refuses a zero or negative rate', () => {
    expect(() => convert(1n, 'money', 'usdt', { num: 0n, den: 1n }, 'floor')).toThrow(RangeError);
    expect(() => convert(1n, 'money', 'usdt', { num: 1n, den: 0n }, 'floor')).toThrow(RangeError);
    expect(() => convert(1n, 'money', 'usdt', { num: -1n, den: -7n }, 'floor')).toThrow(RangeError);
  });

  it('refuses an input or a result out of range', () => {
    expect(() =>
      convert(MAX_AMOUNT_MINOR.money, 'money', 'usdt', { num: 1n, den: 7n }, 'floor'),
    ).toThrow(RangeError);
    // 999999999999.99 CNY × 10 USDT per CNY ≥ 10^12 USDT
    expect(() =>
      convert(MAX_AMOUNT_MINOR.money - 1n, 'money', 'usdt', { num: 10n, den: 1n }, 'floor'),
    ).toThrow(RangeError);
  });

  it('matches the scale-adjusted divRound definition for any amount and rate', () => {
    const rate = fc.record({
      num: fc.bigInt({ min: 1n, max: 1_000_000n }),
      den: fc.bigInt({ min: 1n, max: 1_000_000n }),
    });
    const limit = MAX_AMOUNT_MINOR.money - 1n;
    fc.assert(
      fc.property(
        fc.bigInt({ min: -limit, max: limit }),
        rate,
        fc.constantFrom(...ROUNDING_MODES),
        (m, r, mode) => {
          // CNY (scale 2) → USDT (scale 6): multiply by 10^6, divide by 10^2.
          const expected = divRound(m * r.num * 10n ** 6n, r.den * 10n ** 2n, mode);
          if (expected > -MAX_AMOUNT_MINOR.usdt && expected < MAX_AMOUNT_MINOR.usdt) {
            expect(convert(m, 'money', 'usdt', r, mode)).toBe(expected);
          } else {
            expect(() => convert(m, 'money', 'usdt', r, mode)).toThrow(RangeError);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

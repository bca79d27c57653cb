import { describe, expect, it } from 'vitest';
import {
  earnDailyInterestMinor,
  earnDamagesMinor,
  earnRateUnits,
  formatEarnRate,
  formatPenaltyRate,
  penaltyBps,
} from './earn.js';
import { formatAmount, parseAmountOrThrow } from './money/index.js';

/** The arithmetic written out (docs/earn.md): amounts in minor units, rounding named. */
describe('Earn arithmetic', () => {
  const rate = (text: string) => earnRateUnits(text) ?? -1n;
  const daily = (amount: string, currency: 'money' | 'usdt', r: string) =>
    formatAmount(earnDailyInterestMinor(parseAmountOrThrow(amount, currency), rate(r)), currency);

  it('reads and writes rates exactly', () => {
    expect(rate('0.0015')).toBe(150_000n);
    expect(rate('0.00000001')).toBe(1n);
    expect(formatEarnRate(150_000n)).toBe('0.0015');
    expect(formatEarnRate(1n)).toBe('0.00000001');
    for (const bad of ['1', '1.0', '.5', '0.000000001', '-0.1', '0,1', '', '0.1e2'])
      expect(earnRateUnits(bad), bad).toBeUndefined();
    expect(penaltyBps('0.05')).toBe(500);
    expect(penaltyBps('1')).toBe(10_000);
    expect(penaltyBps('0')).toBe(0);
    expect(penaltyBps('1.0001')).toBeUndefined();
    expect(penaltyBps('0.00001')).toBeUndefined();
    expect(formatPenaltyRate(500)).toBe('0.05');
  });

  it('pays principal × daily rate per day, rounded down to the currency scale (CNY)', () => {
    // 1000.00 × 0.0015 = 1.5 exactly.
    expect(daily('1000.00', 'money', '0.0015')).toBe('1.50');
    // 333.33 × 0.0015 = 0.499995 → 0.49 (floor, not 0.50).
    expect(daily('333.33', 'money', '0.0015')).toBe('0.49');
    // 5.00 × 0.0015 = 0.0075 → 0.00: a day too small to pay is recorded as 0.
    expect(daily('5.00', 'money', '0.0015')).toBe('0.00');
    // 99999.99 × 0.00123456 = 123.4559876544 → 123.45.
    expect(daily('99999.99', 'money', '0.00123456')).toBe('123.45');
  });

  it('rounds at 6 decimals for USDT', () => {
    // 1234.567891 × 0.0015 = 1.8518518365 → 1.851851.
    expect(daily('1234.567891', 'usdt', '0.0015')).toBe('1.851851');
    // 0.000001 × 0.5 = 0.0000005 → 0.
    expect(daily('0.000001', 'usdt', '0.5')).toBe('0.000000');
  });

  it('sums over a cycle to exactly what the product page promises', () => {
    // Every day pays the same floor(P × r): 30 days of 333.33 at 0.0015 = 30 × 0.49 = 14.70,
    // not round(333.33 × 0.0015 × 30 = 14.99985) = 15.00.
    const perDay = earnDailyInterestMinor(33_333n, 150_000n);
    const total = Array.from({ length: 30 }, () => perDay).reduce((a, b) => a + b, 0n);
    expect(formatAmount(total, 'money')).toBe('14.70');
    expect(total).toBe(30n * perDay);
  });

  it('charges liquidated damages on the principal, rounded down, and refunds the rest', () => {
    const case1 = earnDamagesMinor(100_000n, 500); // 1000.00 × 5 %
    expect(formatAmount(case1, 'money')).toBe('50.00');
    expect(formatAmount(100_000n - case1, 'money')).toBe('950.00');
    const case2 = earnDamagesMinor(33_333n, 500); // 333.33 × 5 % = 16.6665 → 16.66
    expect(formatAmount(case2, 'money')).toBe('16.66');
    expect(formatAmount(33_333n - case2, 'money')).toBe('316.67');
    // USDT: 10.123457 × 2.5 % = 0.253086425 → 0.253086.
    const case3 = earnDamagesMinor(10_123_457n, 250);
    expect(formatAmount(case3, 'usdt')).toBe('0.253086');
    expect(earnDamagesMinor(100_000n, 0)).toBe(0n);
    expect(earnDamagesMinor(100_000n, 10_000)).toBe(100_000n);
  });
});

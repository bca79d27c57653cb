import { describe, expect, it } from 'vitest';
import type { Period } from '@ampere/contract';
import {
  checkStake,
  expectedOf,
  parseRate,
  plainAmount,
  profitMinor,
  quickAmounts,
  ratePercent,
} from './money';

/** The shipped limits (periods.seed.ts): 10–50,000 CNY, 1–10,000 USDT. */
const LIMITS: Period['limits'] = {
  money: { min: '10.00', max: '50000.00' },
  usdt: { min: '1.000000', max: '10000.000000' },
};

describe('payout rates', () => {
  it('reads a rate as an exact fraction', () => {
    expect(parseRate('0.8')).toEqual({ num: 8n, den: 10n });
    expect(parseRate('0.855')).toEqual({ num: 855n, den: 1000n });
    expect(parseRate('1')).toEqual({ num: 1n, den: 1n });
    expect(parseRate('0.8.5')).toBeUndefined();
    expect(parseRate('-0.8')).toBeUndefined();
    expect(parseRate('8e-1')).toBeUndefined();
  });

  it('shows a rate in percent without float noise', () => {
    expect(ratePercent('0.8')).toBe('80');
    expect(ratePercent('0.82')).toBe('82');
    expect(ratePercent('0.855')).toBe('85.5');
    // 0.07 × 100 is 7.000000000000001 in floating point; here it is 7.
    expect(ratePercent('0.07')).toBe('7');
    expect(ratePercent('1')).toBe('100');
  });
});

describe('expected profit (stake × rate, half-even to the minor unit, as settlement pays)', () => {
  it('matches the worked example of docs/trading-rules.md', () => {
    // 100.00 CNY at 80 %: 10000 fen × 8 / 10 = 8000 fen = 80.00 profit, 180.00 back.
    expect(expectedOf('100', 'money', '0.8')).toEqual({ profitMinor: 8000n, payoutMinor: 18000n });
    expect(expectedOf('100.00', 'money', '0.8')).toEqual({
      profitMinor: 8000n,
      payoutMinor: 18000n,
    });
  });

  it('rounds half to even at the cent', () => {
    // 10.05 × 0.85 = 8.5425 → 8.54 (below half)
    expect(profitMinor(1005n, { num: 85n, den: 100n })).toBe(854n);
    // 0.10 × 0.85 = 0.085 → tie between 0.08 and 0.09 → 0.08 (even)
    expect(profitMinor(10n, { num: 85n, den: 100n })).toBe(8n);
    // 0.30 × 0.85 = 0.255 → tie between 0.25 and 0.26 → 0.26 (even)
    expect(profitMinor(30n, { num: 85n, den: 100n })).toBe(26n);
  });

  it('stays exact where floats would not', () => {
    // 0.1 + 0.2 style trouble: 9,999,999,999.99 CNY × 0.82 = 8,199,999,999.9918 → .99
    expect(expectedOf('9999999999.99', 'money', '0.82')?.profitMinor).toBe(819_999_999_999n);
    // USDT keeps six decimals: 1.234567 × 0.9 = 1.1111103
    expect(expectedOf('1.234567', 'usdt', '0.9')?.profitMinor).toBe(1_111_110n);
  });

  it('is unknown until the amount is valid', () => {
    expect(expectedOf('', 'money', '0.8')).toBeUndefined();
    expect(expectedOf('1.001', 'money', '0.8')).toBeUndefined();
    expect(expectedOf('abc', 'money', '0.8')).toBeUndefined();
    expect(expectedOf('10', 'money', 'x')).toBeUndefined();
  });
});

describe('quick amounts', () => {
  it('offers multiples of the minimum within the limits, as plain input text', () => {
    expect(quickAmounts(LIMITS, 'money')).toEqual(['10', '100', '500', '1000']);
    expect(quickAmounts(LIMITS, 'usdt')).toEqual(['1', '10', '50', '100']);
  });

  it('leaves out what the maximum does not allow', () => {
    const tight = { ...LIMITS, money: { min: '100.00', max: '5000.00' } };
    expect(quickAmounts(tight, 'money')).toEqual(['100', '1000', '5000']);
  });

  it('writes amounts without padding zeros', () => {
    expect(plainAmount(10000n, 'money')).toBe('100');
    expect(plainAmount(1250n, 'money')).toBe('12.5');
    expect(plainAmount(1n, 'usdt')).toBe('0.000001');
    expect(plainAmount(0n, 'money')).toBe('0');
  });
});

describe('checkStake (SPEC §5)', () => {
  it('asks for an amount when there is none', () => {
    expect(checkStake('', 'money', LIMITS, '100.00')).toEqual({
      ok: false,
      error: { kind: 'missing' },
    });
    expect(checkStake('   ', 'money', LIMITS, '100.00')).toEqual({
      ok: false,
      error: { kind: 'missing' },
    });
  });

  it('refuses anything that is not a valid amount of the currency', () => {
    for (const text of ['abc', '1e3', '-10', '0', '10.001', '1,000', '.5']) {
      expect(checkStake(text, 'money', LIMITS, '100000.00'), text).toEqual({
        ok: false,
        error: { kind: 'invalid' },
      });
    }
    // USDT takes six decimals.
    expect(checkStake('10.000001', 'usdt', LIMITS, '100.000000').ok).toBe(true);
  });

  it('keeps the stake between the period’s minimum and maximum', () => {
    const range = { ok: false, error: { kind: 'range', min: '10.00', max: '50000.00' } };
    expect(checkStake('9.99', 'money', LIMITS, '100000.00')).toEqual(range);
    expect(checkStake('50000.01', 'money', LIMITS, '100000.00')).toEqual(range);
    expect(checkStake('10', 'money', LIMITS, '100000.00')).toEqual({ ok: true, minor: 1000n });
    expect(checkStake('50000', 'money', LIMITS, '100000.00')).toEqual({
      ok: true,
      minor: 5_000_000n,
    });
  });

  it('needs the available balance to cover the stake, when the balance is known', () => {
    expect(checkStake('100.01', 'money', LIMITS, '100.00')).toEqual({
      ok: false,
      error: { kind: 'balance' },
    });
    expect(checkStake('100', 'money', LIMITS, '100.00')).toEqual({ ok: true, minor: 10000n });
    expect(checkStake('100', 'money', LIMITS, undefined)).toEqual({ ok: true, minor: 10000n });
  });

  it('trims what was typed around the amount', () => {
    expect(checkStake(' 20 ', 'money', LIMITS, '100.00')).toEqual({ ok: true, minor: 2000n });
  });
});

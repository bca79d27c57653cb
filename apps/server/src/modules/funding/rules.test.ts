import { describe, expect, it } from 'vitest';
import {
  assertCardNumber,
  cardScheme,
  exchangeArithmetic,
  exchangeMath,
  luhnValid,
  operatorDay,
  ratesOf,
  windowOpen,
  withdrawFee,
} from './rules.js';

/** Funding's arithmetic, each case with its working written out (docs/funding.md). */
describe('withdrawal fee = fixed + amount × percent, rounded as named', () => {
  const rule = (
    fixed: bigint,
    percent: string,
    rounding: 'halfEven' | 'halfUp' | 'ceil' | 'floor',
  ) => ({
    fixedMinor: fixed,
    percent,
    rounding,
  });
  it.each([
    // 2.00 + 1000.00 × 0.5% = 2.00 + 5.00 = 7.00
    [100000n, rule(200n, '0.5', 'halfEven'), 700n],
    // 2.00 + 500.00 × 0.5% = 2.00 + 2.50 = 4.50
    [50000n, rule(200n, '0.5', 'halfEven'), 450n],
    // 0 + 100.01 × 0.5% = 0.50005 → 0.50 (half-even, below the half)
    [10001n, rule(0n, '0.5', 'halfEven'), 50n],
    // 0 + 101.00 × 0.5% = 0.505 → 0.50 (half-even: tie to the even 50)
    [10100n, rule(0n, '0.5', 'halfEven'), 50n],
    // 0 + 101.00 × 0.5% = 0.505 → 0.51 (half-up)
    [10100n, rule(0n, '0.5', 'halfUp'), 51n],
    // 0 + 103.00 × 0.5% = 0.515 → 0.52 (half-even: tie to the even 52)
    [10300n, rule(0n, '0.5', 'halfEven'), 52n],
    // 0 + 100.01 × 0.5% = 0.50005 → 0.51 (ceil)
    [10001n, rule(0n, '0.5', 'ceil'), 51n],
    // 0 + 100.99 × 0.5% = 0.50495 → 0.50 (floor)
    [10099n, rule(0n, '0.5', 'floor'), 50n],
    // 1.000000 + 10.000000 × 0% = 1.000000 USDT
    [10_000_000n, rule(1_000_000n, '0', 'halfEven'), 1_000_000n],
    // 0 + 123.456789 × 0.1234% = 0.152345677… → 0.152346 USDT (half-even)
    [123_456_789n, rule(0n, '0.1234', 'halfEven'), 152_346n],
  ])('%s minor with %o → %s', (amount, r, fee) => {
    expect(withdrawFee(amount, r)).toBe(fee);
  });
});

describe('exchange: fee rounded to the cent, deducted, the rest converted and rounded down', () => {
  // mid 7.25, spread 50 bps: buy = 7.25 × 1.005 = 7.28625 → 7.286250; sell = 7.25 × 0.995 = 7.21375.
  const rates = ratesOf(7_250_000n, 50);
  it('derives both sides of the spread in the platform’s favour', () => {
    expect(rates).toEqual({ midMicro: 7_250_000n, buyMicro: 7_286_250n, sellMicro: 7_213_750n });
    // 7.123457 × 1.0033 = 7.14696440… → ceil 7.146965; × 0.9967 = 7.09995… → floor 7.099949
    expect(ratesOf(7_123_457n, 33)).toMatchObject({ buyMicro: 7_146_965n, sellMicro: 7_099_949n });
  });

  it('CNY → USDT', () => {
    // fee = 1000.00 × 0.001 = 1.00; net 999.00; 999.00 ÷ 7.286250 = 137.10756561… → 137.107565
    const m = exchangeMath('money', 100_000n, '0.001', rates);
    expect(m).toMatchObject({
      feeMinor: 100n,
      netMinor: 99_900n,
      rateMicro: 7_286_250n,
      receiveMinor: 137_107_565n,
    });
    expect(exchangeArithmetic(m, '0.001')).toBe(
      '1000.00 × 0.001 = 1.00 CNY fee; (1000.00 − 1.00) ÷ 7.286250 = 137.107565 USDT (rounded down)',
    );
  });

  it('USDT → CNY, the fee rounded to 0.01 USDT', () => {
    // fee = 12.345678 × 0.001 = 0.012345678 → 0.01 (half-even to the cent); net 12.335678;
    // 12.335678 × 7.213750 = 88.98724… → 88.98
    const m = exchangeMath('usdt', 12_345_678n, '0.001', rates);
    expect(m).toMatchObject({ feeMinor: 10_000n, netMinor: 12_335_678n, receiveMinor: 8_898n });
  });

  it('rounds a fee tie to the even cent', () => {
    // 5.00 × 0.001 = 0.005 → 0.00 (tie, even); 15.00 × 0.001 = 0.015 → 0.02 (tie, even)
    expect(exchangeMath('money', 500n, '0.001', rates).feeMinor).toBe(0n);
    expect(exchangeMath('money', 1_500n, '0.001', rates).feeMinor).toBe(2n);
  });

  it('gives nothing for dust: 0.01 CNY buys 0.001372 USDT', () => {
    // 0.01 × 0.001 = 0.00001 → fee 0.00; 0.01 ÷ 7.28625 = 0.0013724… → 0.001372
    expect(exchangeMath('money', 1n, '0.001', rates).receiveMinor).toBe(1_372n);
    // 0.000001 USDT × 7.21375 = 0.0000072 CNY → 0.00: nothing to receive
    expect(exchangeMath('usdt', 1n, '0.001', rates).receiveMinor).toBe(0n);
  });
});

describe('cards', () => {
  it('checks Luhn where it applies and knows the schemes we pay to', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(cardScheme('6222020000000002')).toBe('unionpay');
    expect(cardScheme('5500000000000004')).toBe('mastercard');
    expect(cardScheme('2221000000000009')).toBe('mastercard');
    expect(cardScheme('3530111333300000')).toBe('jcb');
    expect(cardScheme('3782822463100050')).toBeUndefined();
    // Discover (6011) is not a scheme we pay CNY to.
    expect(cardScheme('6011111111111117')).toBeUndefined();
    // UnionPay numbers are not held to Luhn: 6222020000000001 fails it and is accepted.
    expect(luhnValid('6222020000000001')).toBe(false);
    expect(assertCardNumber('6222020000000001')).toBe('unionpay');
    expect(() => assertCardNumber('4111111111111112')).toThrow('CARD_NUMBER_INVALID');
    expect(() => assertCardNumber('3782822463100050')).toThrow('CARD_UNSUPPORTED');
  });
});

describe('the operator’s day and window', () => {
  const at = (iso: string) => new Date(iso);
  it('starts the day at the operator’s midnight', () => {
    // 2026-11-21T17:30Z is 01:30 on the 22nd at UTC+8: that day began at 2026-11-21T16:00Z.
    expect(operatorDay(at('2026-11-21T17:30:00Z'), 480)).toEqual({
      start: at('2026-11-21T16:00:00Z'),
      end: at('2026-11-22T16:00:00Z'),
    });
    // At UTC−5, 2026-11-21T03:00Z is 22:00 on the 20th.
    expect(operatorDay(at('2026-11-21T03:00:00Z'), -300).start).toEqual(at('2026-11-20T05:00:00Z'));
  });
  it('opens the window from its start up to (not including) its end', () => {
    // 09:00 at UTC+8 is 01:00Z; 21:00 is 13:00Z.
    expect(windowOpen(at('2026-11-21T00:59:59Z'), '09:00', '21:00', 480)).toBe(false);
    expect(windowOpen(at('2026-11-21T01:00:00Z'), '09:00', '21:00', 480)).toBe(true);
    expect(windowOpen(at('2026-11-21T12:59:59Z'), '09:00', '21:00', 480)).toBe(true);
    expect(windowOpen(at('2026-11-21T13:00:00Z'), '09:00', '21:00', 480)).toBe(false);
    expect(windowOpen(at('2026-11-21T13:00:00Z'), '00:00', '24:00', 480)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { AmountParseError, CurrencyMismatchError, MAX_AMOUNT_MINOR, Money } from './amount.js';

const cny = (text: string): Money =>
  Money.parse('money', text, { allowNegative: true, allowZero: true });
const usdt = (text: string): Money =>
  Money.parse('usdt', text, { allowNegative: true, allowZero: true });

describe('Money construction', () => {
  it('holds minor units and formats them with the full scale', () => {
    const m = Money.of('money', 123450n);
    expect(m.currency).toBe('money');
    expect(m.minor).toBe(123450n);
    expect(m.toString()).toBe('1234.50'); // 123450 fen
  });

  it('serialises to its decimal string in JSON, never a number', () => {
    // 1.5 USDT = 1 500 000 micro-USDT
    expect(JSON.stringify({ stake: usdt('1.5') })).toBe('{"stake":"1.500000"}');
  });

  it('parses with the same defaults as parseAmount: no negative, no zero', () => {
    expect(() => Money.parse('money', '-1')).toThrow(AmountParseError);
    expect(() => Money.parse('money', '0')).toThrow(AmountParseError);
    expect(Money.parse('money', '0', { allowZero: true }).isZero()).toBe(true);
  });

  it('reports the parse reason on the thrown error', () => {
    expect(() => Money.parse('money', '1.005')).toThrow(
      expect.objectContaining({ reason: 'too_many_decimals' }),
    );
  });

  it('refuses minor units outside ±MAX and refuses a number', () => {
    // 10^12 CNY = 10^14 fen is one past the top
    expect(() => Money.of('money', MAX_AMOUNT_MINOR.money)).toThrow(RangeError);
    expect(() => Money.of('money', -MAX_AMOUNT_MINOR.money)).toThrow(RangeError);
    expect(Money.of('money', MAX_AMOUNT_MINOR.money - 1n).toString()).toBe('999999999999.99');
    expect(() => Money.of('money', 5 as unknown as bigint)).toThrow(TypeError);
  });

  it('is immutable', () => {
    const m = cny('1.00');
    expect(Object.isFrozen(m)).toBe(true);
    expect(() => {
      (m as unknown as { minor: bigint }).minor = 5n;
    }).toThrow(TypeError);
    expect(m.minor).toBe(100n);
  });

  it('tells real instances from look-alikes', () => {
    expect(Money.isMoney(cny('1'))).toBe(true);
    expect(Money.isMoney({ currency: 'money', minor: 100n })).toBe(false);
    expect(Money.isMoney(null)).toBe(false);
  });
});

describe('Money arithmetic', () => {
  it('adds', () => {
    // 100.00 + 0.01 = 100.01
    expect(cny('100.00').plus(cny('0.01')).toString()).toBe('100.01');
  });

  it('subtracts below zero', () => {
    // 0.10 − 0.30 = −0.20
    expect(cny('0.10').minus(cny('0.30')).toString()).toBe('-0.20');
  });

  it('adds 0.1 + 0.2 exactly (no float)', () => {
    // 0.1 + 0.2 = 0.3, not 0.30000000000000004
    expect(usdt('0.1').plus(usdt('0.2')).equals(usdt('0.3'))).toBe(true);
  });

  it('negates', () => {
    // −(12.34) = −12.34; −(−12.34) = 12.34
    expect(cny('12.34').negate().toString()).toBe('-12.34');
    expect(cny('-12.34').negate().toString()).toBe('12.34');
    expect(cny('0').negate().toString()).toBe('0.00'); // no negative zero
  });

  it('tells sign and zero', () => {
    expect([cny('-0.01').isNegative(), cny('0').isZero(), cny('0.01').isPositive()]).toEqual([
      true,
      true,
      true,
    ]);
    expect([cny('0').isNegative(), cny('0').isPositive()]).toEqual([false, false]);
  });

  it('compares', () => {
    // 9.99 < 10.00
    expect(cny('9.99').compare(cny('10.00'))).toBe(-1);
    expect(cny('10.00').compare(cny('10'))).toBe(0);
    expect(cny('10.01').compare(cny('10.00'))).toBe(1);
    expect(cny('10').equals(cny('10.00'))).toBe(true);
  });

  it('throws when a sum leaves the range', () => {
    // 999999999999.99 + 0.01 = 10^12, which is not below MAX_AMOUNT_MAJOR
    expect(() => cny('999999999999.99').plus(cny('0.01'))).toThrow(RangeError);
  });

  it('refuses to mix currencies in every binary operation', () => {
    const a = cny('1');
    const b = usdt('1');
    expect(() => a.plus(b)).toThrow(CurrencyMismatchError);
    expect(() => a.minus(b)).toThrow(CurrencyMismatchError);
    expect(() => a.compare(b)).toThrow(CurrencyMismatchError);
    expect(() => a.equals(b)).toThrow(CurrencyMismatchError);
    expect(() => a.plus(b)).toThrow(expect.objectContaining({ expected: 'money', actual: 'usdt' }));
  });
});

describe('Money.mulRatio (payout rates in basis points)', () => {
  it('pays 85% of a round stake exactly', () => {
    // 100.00 × 0.85 = 85.00
    expect(cny('100.00').mulRatio(8500n, 10000n, 'floor').toString()).toBe('85.00');
  });

  it('floors a fractional fen of payout', () => {
    // 33.33 × 0.85 = 28.3305 → floor → 28.33
    expect(cny('33.33').mulRatio(8500n, 10000n, 'floor').toString()).toBe('28.33');
  });

  it('floors a payout below one fen to zero', () => {
    // 0.01 × 0.85 = 0.0085 → floor → 0.00
    expect(cny('0.01').mulRatio(8500n, 10000n, 'floor').toString()).toBe('0.00');
  });

  it('pays stake plus profit', () => {
    // 100.00 × (1 + 0.85) = 185.00
    expect(cny('100.00').mulRatio(18500n, 10000n, 'floor').toString()).toBe('185.00');
  });

  it('rounds a tie half-even to the cent', () => {
    // 0.25 × 0.5 = 0.125 → halfEven → 0.12 (2 is even); halfUp → 0.13
    expect(cny('0.25').mulRatio(1n, 2n, 'halfEven').toString()).toBe('0.12');
    expect(cny('0.25').mulRatio(1n, 2n, 'halfUp').toString()).toBe('0.13');
    // 0.35 × 0.5 = 0.175 → halfEven → 0.18 (8 is even)
    expect(cny('0.35').mulRatio(1n, 2n, 'halfEven').toString()).toBe('0.18');
  });

  it('takes a 0.1% fee rounded up to the cent', () => {
    // 1234.56 × 0.001 = 1.23456 → ceil → 1.24
    expect(cny('1234.56').mulRatio(10n, 10000n, 'ceil').toString()).toBe('1.24');
  });

  it('rounds negative amounts in the named direction', () => {
    // −33.33 × 0.85 = −28.3305 → floor → −28.34, trunc → −28.33
    expect(cny('-33.33').mulRatio(8500n, 10000n, 'floor').toString()).toBe('-28.34');
    expect(cny('-33.33').mulRatio(8500n, 10000n, 'trunc').toString()).toBe('-28.33');
  });

  it('throws RangeError on a zero denominator or a result out of range', () => {
    expect(() => cny('1').mulRatio(1n, 0n, 'floor')).toThrow(RangeError);
    // 999999999999.99 × 2 ≥ 10^12
    expect(() => cny('999999999999.99').mulRatio(2n, 1n, 'floor')).toThrow(RangeError);
  });
});

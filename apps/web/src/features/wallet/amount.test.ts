import { describe, expect, it } from 'vitest';
import { formatMoney, signedAmount } from './amount';

describe('formatMoney', () => {
  it.each([
    ['0', '0.00'],
    ['0.00', '0.00'],
    ['100.00', '100.00'],
    ['12.5', '12.50'],
    // Below 4 integer digits SPEC §5 keeps 4 decimals, truncated: 0.123456 USDT reads 0.1234.
    ['0.123456', '0.1234'],
    ['999.99999', '999.9999'],
    // From 4 integer digits, 2 decimals, grouped.
    ['1234.5', '1,234.50'],
    ['1234567.891', '1,234,567.89'],
    // Truncated, never rounded up to money the ledger does not hold.
    ['0.999999', '0.9999'],
    ['-50', '-50.00'],
  ])('%s reads %s', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it('refuses a number that slipped through as one', () => {
    expect(() => formatMoney(1.5 as unknown as string)).toThrow(TypeError);
  });
});

describe('signedAmount', () => {
  it('marks money in with + and the up tone', () => {
    expect(signedAmount('100.00')).toEqual({ text: '+100.00', tone: 'up' });
    expect(signedAmount('1234.5')).toEqual({ text: '+1,234.50', tone: 'up' });
  });

  it('marks money out with - and the down tone', () => {
    expect(signedAmount('-0.5')).toEqual({ text: '-0.50', tone: 'down' });
    expect(signedAmount('-12345.678')).toEqual({ text: '-12,345.67', tone: 'down' });
  });

  it('keeps the sign of a change too small to show, so a debit never reads as nothing', () => {
    expect(signedAmount('-0.000001')).toEqual({ text: '-0.00', tone: 'down' });
    expect(signedAmount('0.000001')).toEqual({ text: '+0.00', tone: 'up' });
  });

  it('shows zero without a sign', () => {
    expect(signedAmount('0')).toEqual({ text: '0.00', tone: 'flat' });
    expect(signedAmount('-0.00')).toEqual({ text: '0.00', tone: 'flat' });
  });
});

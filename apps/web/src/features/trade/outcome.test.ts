import { describe, expect, it } from 'vitest';
import { comparePrices, newerOrder, outcomeFigure, signed, standingOf } from './outcome';
import { settled, testOrder } from './testOrder';

describe('comparePrices', () => {
  it('compares decimals exactly, whatever their scales', () => {
    expect(comparePrices('3400.5', '3400.50')).toBe(0);
    expect(comparePrices('3400.51', '3400.5')).toBe(1);
    expect(comparePrices('0.1', '0.09999999')).toBe(1);
    expect(comparePrices('-1', '0')).toBe(-1);
    expect(comparePrices('abc', '1')).toBeUndefined();
  });
});

describe('standingOf (the rule, applied to the live price)', () => {
  it('Buy more wins above the strike, Buy less below, and level is level', () => {
    expect(standingOf('up', '3400.00', '3400.50')).toBe('winning');
    expect(standingOf('up', '3400.00', '3399.00')).toBe('losing');
    expect(standingOf('down', '3400.00', '3399.00')).toBe('winning');
    expect(standingOf('down', '3400.00', '3400.50')).toBe('losing');
    expect(standingOf('up', '3400.00', '3400.0')).toBe('level');
  });
});

describe('outcomeFigure (the result line)', () => {
  it('shows the profit of a win', () => {
    // 100.00 up, strike 3400.00, exit 3400.50 → won, 180.00 back, profit 80.00
    expect(outcomeFigure(settled('won', '3400.50'))).toEqual({
      outcome: 'won',
      profit: '80.00',
      payout: '180.00',
      tone: 'up',
      refunded: false,
    });
  });

  it('shows the stake lost', () => {
    // exit 3399.00 → lost, 0 back, profit −100.00
    expect(outcomeFigure(settled('lost', '3399.00'))).toMatchObject({
      outcome: 'lost',
      profit: '-100.00',
      payout: '0.00',
      tone: 'down',
      refunded: false,
    });
  });

  it('shows a tie and a void as refunds', () => {
    expect(outcomeFigure(settled('tie', '3400.00'))).toMatchObject({
      outcome: 'tie',
      payout: '100.00',
      tone: 'flat',
      refunded: true,
    });
    expect(outcomeFigure(settled('void', null))).toMatchObject({
      outcome: 'void',
      payout: '100.00',
      refunded: true,
    });
  });

  it('has nothing to show while the order trades', () => {
    expect(outcomeFigure(testOrder())).toBeUndefined();
  });
});

describe('signed', () => {
  it('takes sign and tone from the value, with no sign on zero', () => {
    expect(signed('80.00')).toEqual({ sign: '+', magnitude: '80.00', tone: 'up' });
    expect(signed('-100.00')).toEqual({ sign: '-', magnitude: '100.00', tone: 'down' });
    expect(signed('0.00')).toEqual({ sign: '', magnitude: '0.00', tone: 'flat' });
  });
});

describe('newerOrder', () => {
  it('never lets a late "open" copy undo a settlement', () => {
    const open = testOrder();
    const won = settled('won', '3400.50');
    expect(newerOrder(open, won)).toBe(won);
    expect(newerOrder(won, open)).toBe(won);
    expect(newerOrder(undefined, open)).toBe(open);
    const other = testOrder({ id: '43' });
    expect(newerOrder(won, other)).toBe(other);
  });
});

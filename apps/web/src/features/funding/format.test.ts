import { describe, expect, it } from 'vitest';
import { looksLikeAddress } from './components/AddressBook';
import { withinBounds } from './components/BankRechargeForm';
import { utcOffset, withdrawBlockers } from './components/WithdrawBlockers';
import { amountText, fractionAsPercent, isAmount, secondsLeft } from './format';
import { withdrawConfig } from './test/fixtures';

describe('funding display helpers', () => {
  it('writes amounts exactly as sent, grouped, with the currency', () => {
    expect(amountText('1234567.50', 'money')).toBe('1,234,567.50 CNY');
    expect(amountText('0.000001', 'usdt')).toBe('0.000001 USDT');
    expect(amountText('-100.00', 'money')).toBe('-100.00 CNY');
  });

  it('takes only amounts the currency can hold', () => {
    expect(isAmount('100.25', 'money')).toBe(true);
    expect(isAmount('100.255', 'money')).toBe(false); // CNY has 2 decimals
    expect(isAmount('1.123456', 'usdt')).toBe(true);
    expect(isAmount('0', 'money')).toBe(false);
    expect(isAmount('1e3', 'money')).toBe(false);
    expect(isAmount('-5', 'money')).toBe(false);
  });

  it('turns a fee fraction into a percentage without floats', () => {
    expect(fractionAsPercent('0.001')).toBe('0.1%'); // 0.001 × 100
    expect(fractionAsPercent('0.1')).toBe('10%');
    expect(fractionAsPercent('0.000125')).toBe('0.0125%');
    expect(fractionAsPercent('0')).toBe('0%');
  });

  it('counts a quote down in whole seconds, never below zero', () => {
    expect(secondsLeft(30_000, 0)).toBe(30);
    expect(secondsLeft(30_000, 29_001)).toBe(1);
    expect(secondsLeft(30_000, 30_000)).toBe(0);
    expect(secondsLeft(30_000, 31_000)).toBe(0);
  });

  it('checks a bank recharge against its bounds in cents', () => {
    expect(withinBounds('100', '100.00', '50000.00')).toBe(true);
    expect(withinBounds('99.99', '100.00', '50000.00')).toBe(false);
    expect(withinBounds('50000.01', '100.00', '50000.00')).toBe(false);
  });

  it('checks the shape of an address per network', () => {
    expect(looksLikeAddress('erc20', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc')).toBe(true);
    expect(looksLikeAddress('erc20', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4d')).toBe(false);
    expect(looksLikeAddress('erc20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(false);
    expect(looksLikeAddress('trc20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(true);
  });

  it('names what stands in the way of a withdrawal', () => {
    expect(withdrawBlockers(withdrawConfig())).toEqual([]);
    expect(
      withdrawBlockers(
        withdrawConfig({
          fundPasswordSet: false,
          realNameRequired: true,
          usedToday: 3,
          window: { from: '09:00', to: '21:00', tzOffsetMinutes: 480, openNow: false },
        }),
      ),
    ).toEqual(['fundPassword', 'realName', 'dailyCount', 'window']);
    expect(utcOffset(480)).toBe('UTC+8');
    expect(utcOffset(-210)).toBe('UTC-3:30');
  });
});

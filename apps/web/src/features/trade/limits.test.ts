import type { TradeLimits } from '@ampere/contract';
import { describe, expect, it } from 'vitest';
import { limitFieldError, limitKind, limitsRequest, toLimitsForm, tzMinutesEast } from './limits';

const TODAY = {
  orders: 0,
  net: { money: '0.00', usdt: '0.000000' },
  open: { money: '0.00', usdt: '0.000000' },
};

describe('limit fields', () => {
  it('takes amounts of the field’s currency, or nothing', () => {
    expect(limitFieldError('dailyLossMoney', '')).toBeUndefined();
    expect(limitFieldError('dailyLossMoney', '500')).toBeUndefined();
    expect(limitFieldError('dailyLossMoney', '500.25')).toBeUndefined();
    expect(limitFieldError('dailyLossMoney', '500.255')).toBe('amount');
    expect(limitFieldError('dailyLossUsdt', '500.255')).toBeUndefined();
    expect(limitFieldError('dailyLossMoney', '0')).toBe('amount');
    expect(limitFieldError('dailyLossMoney', '-5')).toBe('amount');
  });

  it('takes whole counts from 1 to 9999, or nothing', () => {
    expect(limitFieldError('dailyTrades', '')).toBeUndefined();
    expect(limitFieldError('dailyTrades', '20')).toBeUndefined();
    expect(limitFieldError('reminderMinutes', '9999')).toBeUndefined();
    for (const bad of ['0', '10000', '1.5', '07', 'x', '-1']) {
      expect(limitFieldError('reminderMinutes', bad), bad).toBe('count');
    }
  });

  it('knows which fields hold money', () => {
    expect(limitKind('dailyLossUsdt')).toBe('amount');
    expect(limitKind('dailyTrades')).toBe('count');
  });
});

describe('the form and the request', () => {
  it('shows saved limits plainly and none as empty', () => {
    const limits: TradeLimits = {
      dailyLossMoney: '500.00',
      dailyLossUsdt: null,
      dailyTrades: 20,
      reminderMinutes: null,
      tz: 480,
      today: TODAY,
    };
    expect(toLimitsForm(limits)).toEqual({
      dailyLossMoney: '500',
      dailyLossUsdt: '',
      dailyTrades: '20',
      reminderMinutes: '',
    });
  });

  it('sends every field trimmed, empty meaning no limit', () => {
    expect(
      limitsRequest({
        dailyLossMoney: ' 500 ',
        dailyLossUsdt: '',
        dailyTrades: '20',
        reminderMinutes: ' ',
      }),
    ).toEqual({ dailyLossMoney: '500', dailyLossUsdt: '', dailyTrades: '20', reminderMinutes: '' });
  });

  it('says where the user’s day starts in minutes east of UTC', () => {
    const date = { getTimezoneOffset: () => -480 } as unknown as Date;
    expect(tzMinutesEast(date)).toBe(480);
  });
});

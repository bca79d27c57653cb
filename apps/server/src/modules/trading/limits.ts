import {
  formatAmount,
  parseAmount,
  type CurrencyKey,
  type TradeLimits,
  type TradeLimitsRequest,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { createTradingRepository } from './trading.repository.js';

/**
 * Responsible-trading limits the user sets for themself (daily loss, trades a day, a reminder).
 * They are enforced where the order is decided, in trade_open; here they are read and saved.
 */
export function createLimits(db: Db, now: () => number) {
  async function view(userId: bigint): Promise<TradeLimits> {
    const r = createTradingRepository(db);
    const limits = await r.limits(userId);
    const tz = limits?.tzOffsetMinutes ?? 0;
    const day = await r.dayStats(userId, now(), tz);
    const of = (m: Map<string, bigint>, c: CurrencyKey) => formatAmount(m.get(c) ?? 0n, c);
    const loss = (v: bigint | null | undefined, c: CurrencyKey) =>
      v === null || v === undefined ? null : formatAmount(v, c);
    return {
      dailyLossMoney: loss(limits?.dailyLossMoneyMinor, 'money'),
      dailyLossUsdt: loss(limits?.dailyLossUsdtMinor, 'usdt'),
      dailyTrades: limits?.dailyTrades ?? null,
      reminderMinutes: limits?.reminderMinutes ?? null,
      tz,
      today: {
        orders: day.orders,
        net: { money: of(day.net, 'money'), usdt: of(day.net, 'usdt') },
        open: { money: of(day.open, 'money'), usdt: of(day.open, 'usdt') },
      },
    };
  }

  return {
    limits: view,

    /** Saves the caller's limits; an empty field removes that limit. */
    setLimits: async (userId: bigint, req: TradeLimitsRequest): Promise<TradeLimits> => {
      const amountOrNull = (text: string | undefined, currency: CurrencyKey) => {
        if (text === undefined || text === '') return null;
        const parsed = parseAmount(text, currency);
        if (!parsed.ok) throw new AppError('AMOUNT_INVALID');
        return parsed.minor;
      };
      const intOrNull = (text: string | undefined) =>
        text === undefined || text === '' ? null : Number(text);
      await createTradingRepository(db).saveLimits({
        userId,
        dailyLossMoneyMinor: amountOrNull(req.dailyLossMoney, 'money'),
        dailyLossUsdtMinor: amountOrNull(req.dailyLossUsdt, 'usdt'),
        dailyTrades: intOrNull(req.dailyTrades),
        reminderMinutes: intOrNull(req.reminderMinutes),
        tzOffsetMinutes: req.tz,
        updatedAtMs: now(),
      });
      return view(userId);
    },
  };
}

import {
  formatAmount,
  formatScaled,
  type CurrencyKey,
  type Direction,
  type Order,
  type OrderStatus,
  type Period,
} from '@ampere/contract';
import { isPractice } from '../ledger/ledger.service.js';
import { rateText } from './rules.js';
import type { OrderRow, PeriodRow } from './trading.repository.js';

/**
 * An order as the API shows it, `at` the moment its seconds remaining are counted from. A
 * practice order (ledger currency `usdt_practice`) shows as USDT of the practice book.
 */
export function toOrder(o: OrderRow, name: string, at: number): Order {
  const practice = isPractice(o.currency);
  const currency: CurrencyKey = practice ? 'usdt' : (o.currency as CurrencyKey);
  const price = (v: bigint) => formatScaled(v, o.priceScale);
  const settled = o.status !== 'open';
  return {
    id: o.id.toString(),
    symbol: o.symbol,
    name,
    direction: o.direction as Direction,
    currency,
    book: practice ? 'practice' : 'real',
    amount: formatAmount(o.stakeMinor, currency),
    period: o.periodSeconds,
    payoutRate: rateText(o.payoutBps),
    status: o.status as OrderStatus,
    strikePrice: price(o.strikePriceMinor),
    strikeTime: o.strikeTimeMs,
    openedAt: o.openedAtMs,
    expiresAt: o.expiresAtMs,
    secondsRemaining: settled ? 0 : Math.max(0, Math.ceil((o.expiresAtMs - at) / 1000)),
    exitPrice: o.exitPriceMinor === null ? null : price(o.exitPriceMinor),
    exitTime: o.exitTimeMs,
    payout: o.payoutMinor === null ? null : formatAmount(o.payoutMinor, currency),
    profit: o.payoutMinor === null ? null : formatAmount(o.payoutMinor - o.stakeMinor, currency),
    settledAt: o.settledAtMs,
  };
}

export function toPeriod(p: PeriodRow): Period {
  return {
    seconds: p.seconds,
    payoutRate: rateText(p.payoutBps),
    limits: {
      money: {
        min: formatAmount(p.minMoneyMinor, 'money'),
        max: formatAmount(p.maxMoneyMinor, 'money'),
      },
      usdt: {
        min: formatAmount(p.minUsdtMinor, 'usdt'),
        max: formatAmount(p.maxUsdtMinor, 'usdt'),
      },
    },
  };
}

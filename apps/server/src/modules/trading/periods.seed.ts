import type { tradePeriod } from './trading.schema.js';

/**
 * The shipped periods, the same for every product: longer periods pay a higher rate. Stakes from
 * 10 to 50,000 CNY or 1 to 10,000 USDT. The back office edits them later; an order keeps the
 * terms it was accepted with.
 */
const PERIODS: readonly { seconds: number; payoutBps: number }[] = [
  { seconds: 30, payoutBps: 8_000 },
  { seconds: 60, payoutBps: 8_200 },
  { seconds: 120, payoutBps: 8_500 },
  { seconds: 300, payoutBps: 8_800 },
  { seconds: 600, payoutBps: 9_000 },
];

export function DEFAULT_PERIODS(symbol: string): (typeof tradePeriod.$inferInsert)[] {
  return PERIODS.map((p) => ({
    symbol,
    seconds: p.seconds,
    payoutBps: p.payoutBps,
    minMoneyMinor: 1_000n,
    maxMoneyMinor: 5_000_000n,
    minUsdtMinor: 1_000_000n,
    maxUsdtMinor: 10_000_000_000n,
  }));
}

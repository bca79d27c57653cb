import type { Candle, KlineInterval } from '@ampere/contract';
import type { CandlestickData, UTCTimestamp } from 'lightweight-charts';

/**
 * The chart's data, kept as wire candles (exact decimal strings) and turned into numbers only
 * for plotting: what the legend prints always comes from the strings.
 */

export const toChartTime = (openTimeMs: number) => Math.floor(openTimeMs / 1000) as UTCTimestamp;

export function toBar(candle: Candle): CandlestickData<UTCTimestamp> {
  return {
    time: toChartTime(candle[0]),
    open: Number(candle[1]),
    high: Number(candle[2]),
    low: Number(candle[3]),
    close: Number(candle[4]),
  };
}

/** Both runs as one, oldest first, one candle per open time; `incoming` wins a tie. */
export function mergeCandles(base: readonly Candle[], incoming: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of base) byTime.set(candle[0], candle);
  for (const candle of incoming) byTime.set(candle[0], candle);
  return [...byTime.values()].sort((a, b) => a[0] - b[0]);
}

/** Index of the candle opening at `openTimeMs` in a sorted run, or −1. */
export function indexOfTime(candles: readonly Candle[], openTimeMs: number): number {
  let lo = 0;
  let hi = candles.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const time = candles[mid]?.[0] ?? 0;
    if (time === openTimeMs) return mid;
    if (time < openTimeMs) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * What a pushed candle does to the series: a newer one is appended, the forming one replaced
 * (both through `series.update`), an older one that is on the chart is rewritten in place (a
 * historical update), and an older one that is not, ignored (a resync fills such gaps).
 * `candles` is updated to match.
 */
export type LiveChange = 'append' | 'replaceLast' | 'replaceOlder' | 'ignore';

export function applyLiveCandle(candles: Candle[], candle: Candle): LiveChange {
  const last = candles.at(-1);
  if (last === undefined || candle[0] > last[0]) {
    candles.push(candle);
    return 'append';
  }
  if (candle[0] === last[0]) {
    candles[candles.length - 1] = candle;
    return 'replaceLast';
  }
  const index = indexOfTime(candles, candle[0]);
  if (index < 0) return 'ignore';
  candles[index] = candle;
  return 'replaceOlder';
}

/** The time-axis detail an interval needs. */
export function timeAxisFor(interval: KlineInterval): {
  timeVisible: boolean;
  secondsVisible: boolean;
} {
  return { timeVisible: interval !== '1Day', secondsVisible: interval === '1s' };
}

/**
 * K-line intervals of SPEC §2 (product detail: 1s, 1Min, 5Min, 30Min, 1Hour, 1Day). Buckets are
 * aligned to UTC: a 5Min candle opens at :00, :05, …; a 1Day candle at 00:00 UTC.
 */
export const INTERVALS = {
  '1s': 1_000,
  '1Min': 60_000,
  '5Min': 300_000,
  '30Min': 1_800_000,
  '1Hour': 3_600_000,
  '1Day': 86_400_000,
} as const;

export type Interval = keyof typeof INTERVALS;
export const INTERVAL_KEYS = Object.keys(INTERVALS) as Interval[];

export function bucketStart(timeMs: number, interval: Interval): number {
  const size = INTERVALS[interval];
  return Math.floor(timeMs / size) * size;
}

/** Prices are exact minor units at the product's scale. */
export interface Candle {
  openTimeMs: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** How many ticks made it (a simulated or trade feed has no traded volume to report). */
  ticks: number;
}

/** Folds one tick into its bucket's candle; a tick from a later bucket starts a new candle. */
export function applyTick(
  candle: Candle | undefined,
  timeMs: number,
  price: bigint,
  interval: Interval,
): Candle {
  const openTimeMs = bucketStart(timeMs, interval);
  if (candle?.openTimeMs !== openTimeMs) {
    return { openTimeMs, open: price, high: price, low: price, close: price, ticks: 1 };
  }
  return {
    openTimeMs,
    open: candle.open,
    high: price > candle.high ? price : candle.high,
    low: price < candle.low ? price : candle.low,
    close: price,
    ticks: candle.ticks + 1,
  };
}

/** Every candle a run of ticks (in time order) produces, oldest first. */
export function aggregate(
  ticks: readonly { timeMs: number; price: bigint }[],
  interval: Interval,
): Candle[] {
  const out: Candle[] = [];
  for (const t of ticks) {
    const last = out.at(-1);
    const next = applyTick(last, t.timeMs, t.price, interval);
    if (next.openTimeMs === last?.openTimeMs) out[out.length - 1] = next;
    else out.push(next);
  }
  return out;
}

import type { Candle } from '@ampere/contract';

/** A point of a price line: a candle's open time and its close. */
export type ClosePoint = readonly [timeMs: number, close: string];

/** Points a price line keeps: two minutes of one-second candles. */
export const SPARK_POINTS_MAX = 120;

/**
 * The closes of `candles` merged into `points`: one point per open time (a later candle of the
 * same second replaces the forming one), oldest first, at most `max` of the newest.
 */
export function mergeCloses(
  points: readonly ClosePoint[],
  candles: readonly Candle[],
  max: number = SPARK_POINTS_MAX,
): ClosePoint[] {
  const byTime = new Map<number, string>(points);
  for (const candle of candles) byTime.set(candle[0], candle[4]);
  return [...byTime].sort((a, b) => a[0] - b[0]).slice(-max);
}

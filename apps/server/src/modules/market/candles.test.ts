import { describe, expect, it } from 'vitest';
import { aggregate, bucketStart, INTERVAL_KEYS, INTERVALS } from './candles.js';

const T0 = Date.UTC(2026, 10, 21, 8, 0, 0); // 2026-11-21 08:00:00.000Z

describe('candles', () => {
  it.each([
    ['1s', T0 + 1_999, T0 + 1_000],
    ['1Min', T0 + 59_999, T0],
    ['5Min', T0 + 7 * 60_000, T0 + 5 * 60_000],
    ['30Min', T0 + 45 * 60_000, T0 + 30 * 60_000],
    ['1Hour', T0 + 59 * 60_000, T0],
    ['1Day', T0 + 15 * 3_600_000, Date.UTC(2026, 10, 21, 0, 0, 0)],
  ] as const)('aligns a %s bucket to UTC', (interval, time, expected) => {
    expect(bucketStart(time, interval)).toBe(expected);
  });

  it.each(INTERVAL_KEYS)('folds ticks into OHLC at %s', (interval) => {
    const size = INTERVALS[interval];
    const start = bucketStart(T0, interval);
    const ticks = [
      { timeMs: start, price: 100n },
      { timeMs: start + size / 4, price: 120n },
      { timeMs: start + size / 2, price: 90n },
      { timeMs: start + size - 1, price: 110n },
      { timeMs: start + size, price: 105n }, // next bucket
    ];
    const candles = aggregate(ticks, interval);
    // Bucket 1: open 100, high 120, low 90, close 110 from 4 ticks; bucket 2: 105 alone.
    expect(candles).toEqual([
      { openTimeMs: start, open: 100n, high: 120n, low: 90n, close: 110n, ticks: 4 },
      { openTimeMs: start + size, open: 105n, high: 105n, low: 105n, close: 105n, ticks: 1 },
    ]);
  });

  it('leaves gaps as gaps (no invented candles)', () => {
    const candles = aggregate(
      [
        { timeMs: T0, price: 1n },
        { timeMs: T0 + 3 * 60_000, price: 2n },
      ],
      '1Min',
    );
    expect(candles.map((c) => c.openTimeMs)).toEqual([T0, T0 + 3 * 60_000]);
  });
});

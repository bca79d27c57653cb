import type { Candle } from '@ampere/contract';
import { describe, expect, it } from 'vitest';
import { applyLiveCandle, indexOfTime, mergeCandles, timeAxisFor, toBar } from './chartData';

const candle = (time: number, close = '1.00'): Candle => [
  time,
  '1.00',
  '2.00',
  '0.50',
  close,
  1,
  '0',
];

describe('chart data', () => {
  it('plots seconds and numbers, from the exact strings', () => {
    expect(toBar([60_000, '97000.10', '97001.00', '96999.50', '97000.55', 4, '0'])).toEqual({
      time: 60,
      open: 97000.1,
      high: 97001,
      low: 96999.5,
      close: 97000.55,
    });
  });

  it('merges two runs by open time, oldest first, the incoming one winning a tie', () => {
    const merged = mergeCandles(
      [candle(2_000), candle(3_000, '3.00')],
      [candle(1_000), candle(3_000, '3.50')],
    );
    expect(merged.map((c) => c[0])).toEqual([1_000, 2_000, 3_000]);
    expect(merged[2]?.[4]).toBe('3.50');
  });

  it('finds candles by open time', () => {
    const run = [candle(1_000), candle(2_000), candle(5_000)];
    expect(indexOfTime(run, 2_000)).toBe(1);
    expect(indexOfTime(run, 5_000)).toBe(2);
    expect(indexOfTime(run, 3_000)).toBe(-1);
    expect(indexOfTime([], 3_000)).toBe(-1);
  });

  it('appends newer candles, replaces the forming one and rewrites older ones it holds', () => {
    const run = [candle(1_000), candle(2_000)];
    expect(applyLiveCandle(run, candle(2_000, '2.10'))).toBe('replaceLast');
    expect(applyLiveCandle(run, candle(3_000))).toBe('append');
    expect(applyLiveCandle(run, candle(1_000, '0.90'))).toBe('replaceOlder');
    expect(applyLiveCandle(run, candle(500))).toBe('ignore');
    expect(run.map((c) => [c[0], c[4]])).toEqual([
      [1_000, '0.90'],
      [2_000, '2.10'],
      [3_000, '1.00'],
    ]);
    const empty: Candle[] = [];
    expect(applyLiveCandle(empty, candle(1_000))).toBe('append');
  });

  it('shows seconds only for one-second candles and no time of day for daily ones', () => {
    expect(timeAxisFor('1s')).toEqual({ timeVisible: true, secondsVisible: true });
    expect(timeAxisFor('5Min')).toEqual({ timeVisible: true, secondsVisible: false });
    expect(timeAxisFor('1Day')).toEqual({ timeVisible: false, secondsVisible: false });
  });
});

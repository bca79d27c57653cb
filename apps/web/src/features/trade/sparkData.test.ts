import type { Candle } from '@ampere/contract';
import { describe, expect, it } from 'vitest';
import { mergeCloses } from './sparkData';

const candle = (time: number, close: string): Candle => [time, close, close, close, close, 1, '0'];

describe('mergeCloses', () => {
  it('keeps one close per second, the latest, oldest first', () => {
    const points = mergeCloses(
      [[2000, '2']],
      [candle(1000, '1'), candle(2000, '2.5'), candle(3000, '3')],
    );
    expect(points).toEqual([
      [1000, '1'],
      [2000, '2.5'],
      [3000, '3'],
    ]);
  });

  it('keeps only the newest points', () => {
    const candles = Array.from({ length: 10 }, (_, i) => candle(i * 1000, String(i)));
    expect(mergeCloses([], candles, 3).map(([, close]) => close)).toEqual(['7', '8', '9']);
  });
});

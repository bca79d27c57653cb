import { describe, expect, it } from 'vitest';
import { formatDateTime, relativeTime } from './relativeTime';

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (ms: number) => relativeTime(NOW - ms, NOW);

describe('relativeTime', () => {
  it('reads "moment" under 300 s and for future times', () => {
    expect(ago(0)).toEqual({ unit: 'moment' });
    expect(ago(299 * S + 999)).toEqual({ unit: 'moment' });
    expect(ago(-10 * MIN)).toEqual({ unit: 'moment' });
  });

  it('counts whole minutes from 300 s up to an hour', () => {
    expect(ago(300 * S)).toEqual({ unit: 'minutes', value: 5 });
    expect(ago(59 * MIN + 59 * S)).toEqual({ unit: 'minutes', value: 59 });
  });

  it('counts hours below a day and days below 30 days', () => {
    expect(ago(HOUR)).toEqual({ unit: 'hours', value: 1 });
    expect(ago(DAY - 1)).toEqual({ unit: 'hours', value: 23 });
    expect(ago(DAY)).toEqual({ unit: 'days', value: 1 });
    expect(ago(29 * DAY + 23 * HOUR)).toEqual({ unit: 'days', value: 29 });
  });

  it('counts 30-day months below 12, then years', () => {
    expect(ago(30 * DAY)).toEqual({ unit: 'months', value: 1 });
    expect(ago(359 * DAY)).toEqual({ unit: 'months', value: 11 });
    expect(ago(360 * DAY)).toEqual({ unit: 'years', value: 1 }); // 12 × 30 days
    expect(ago(730 * DAY)).toEqual({ unit: 'years', value: 2 });
  });

  it('rejects non-finite times', () => {
    expect(() => relativeTime(Number.NaN, NOW)).toThrow(RangeError);
    expect(() => relativeTime(0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  // Built from local-time parts so the test holds in every time zone.
  const local = new Date(2024, 0, 2, 3, 4, 5).getTime();

  it('formats local time with optional seconds', () => {
    expect(formatDateTime(local)).toBe('2024-01-02 03:04');
    expect(formatDateTime(local, true)).toBe('2024-01-02 03:04:05');
  });

  it('rejects an invalid time', () => {
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError);
  });
});

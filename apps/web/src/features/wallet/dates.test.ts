import { describe, expect, it } from 'vitest';
import { fromIsoDate, lastDays, toIsoDate } from './dates';

describe('statement dates', () => {
  it('name the local calendar day', () => {
    expect(toIsoDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(toIsoDate(fromIsoDate('2024-02-29'))).toBe('2024-02-29');
  });

  it('count "last N days" including today, across month and year ends', () => {
    expect(lastDays(7, new Date(2024, 0, 3, 10))).toEqual({ from: '2023-12-28', to: '2024-01-03' });
    expect(lastDays(1, new Date(2024, 2, 1))).toEqual({ from: '2024-03-01', to: '2024-03-01' });
    // 2024 is a leap year: 29 days of February plus 1 March.
    expect(lastDays(30, new Date(2024, 2, 1))).toEqual({ from: '2024-02-01', to: '2024-03-01' });
  });

  it('refuse a count that is not a whole number of days', () => {
    expect(() => lastDays(0, new Date())).toThrow(RangeError);
    expect(() => lastDays(1.5, new Date())).toThrow(RangeError);
  });
});

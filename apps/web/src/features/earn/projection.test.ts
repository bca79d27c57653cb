import { describe, expect, it } from 'vitest';
import { percent, projection } from './projection';

describe('Earn projection', () => {
  it('projects d × floor(principal × rate), what the order is paid', () => {
    expect(projection('333.33', 'money', '0.0015', 30)).toEqual([
      { days: 1, interest: '0.49' },
      { days: 7, interest: '3.43' },
      { days: 30, interest: '14.70' },
    ]);
    expect(projection('1000', 'money', '0.0015', 3)).toEqual([
      { days: 1, interest: '1.50' },
      { days: 3, interest: '4.50' },
    ]);
    expect(projection('1234.567891', 'usdt', '0.0015', 1)).toEqual([
      { days: 1, interest: '1.851851' },
    ]);
  });

  it('projects nothing for an invalid amount', () => {
    for (const bad of ['', 'abc', '1.234', '-1', '0']) {
      expect(projection(bad, 'money', '0.0015', 30), bad).toBeUndefined();
    }
  });

  it('shows rates as exact percentages', () => {
    expect(percent('0.0015')).toBe('0.15%');
    expect(percent('0.01')).toBe('1%');
    expect(percent('0.123456')).toBe('12.3456%');
    expect(percent('0.00000001')).toBe('0.000001%');
    expect(percent('0.05')).toBe('5%');
    expect(percent('0')).toBe('0%');
  });
});

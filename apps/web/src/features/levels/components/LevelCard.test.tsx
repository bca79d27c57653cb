import type { UserLevel } from '@ampere/contract';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import levels from '@/i18n/locales/en-US/levels.json';
import { LevelCard } from './LevelCard';

beforeAll(async () => {
  await initI18n();
  i18n.addResourceBundle('en-US', 'translation', levels, true, false);
});

afterEach(cleanup);

const junior: UserLevel = {
  level: 1,
  key: 'junior',
  floor: 0,
  progress: [
    { currency: 'money', volume: '200.00', deposits: '300.00' },
    { currency: 'usdt', volume: '0.000000', deposits: '25.500000' },
  ],
  next: {
    level: 2,
    key: 'intermediate',
    needs: [
      {
        currency: 'money',
        volume: '250.00',
        deposits: '500.00',
        volumeMissing: '50.00',
        depositsMissing: '200.00',
      },
      {
        currency: 'usdt',
        volume: '20.000000',
        deposits: '20.000000',
        volumeMissing: '20.000000',
        depositsMissing: '0.000000',
      },
    ],
  },
};

describe('LevelCard', () => {
  it('shows the level, the next one, how close it is and what it needs per currency', () => {
    render(<LevelCard level={junior} />);
    expect(screen.getByText('Junior')).toBeTruthy();
    expect(screen.getByText('Next: Intermediate')).toBeTruthy();
    // CNY: 200/250 = 80 %, 300/500 = 60 % → 60 %; USDT: 0/20 = 0 % → 60 %.
    expect(screen.getByText('60%')).toBeTruthy();
    expect(screen.getByText('Intermediate needs, in CNY or in USDT:')).toBeTruthy();
    expect(screen.getByText('trade 50.00 CNY more and deposit 200.00 CNY more')).toBeTruthy();
    expect(screen.getByText('trade 20.00 USDT more')).toBeTruthy();
    expect(screen.getByText('Traded 200.00 CNY · Deposited 300.00 CNY')).toBeTruthy();
    expect(screen.getByText('Traded 0.00 USDT · Deposited 25.50 USDT')).toBeTruthy();
  });

  it('says so at the top, and when staff set the level', () => {
    render(<LevelCard level={{ ...junior, level: 3, key: 'premium', floor: 3, next: null }} />);
    expect(screen.getByText('Premium')).toBeTruthy();
    expect(screen.getByText('You are at the highest level.')).toBeTruthy();
    expect(
      screen.getByText('Set by customer service: your level stays at least Premium.'),
    ).toBeTruthy();
  });
});

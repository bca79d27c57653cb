import { describe, expect, it } from 'vitest';
import { nextLevelPercent } from './progress';

const need = (
  currency: 'money' | 'usdt',
  volume: string,
  volumeMissing: string,
  deposits: string,
  depositsMissing: string,
) => ({ currency, volume, volumeMissing, deposits, depositsMissing });

describe('how close the next level is', () => {
  it('takes the less advanced of volume and deposits, and the better currency', () => {
    expect(
      nextLevelPercent([
        // CNY: traded 250.00 − 50.00 = 200.00 of 250.00 = 80 %; deposited 500.00 − 200.00 =
        // 300.00 of 500.00 = 60 % → 60 % (both are needed).
        need('money', '250.00', '50.00', '500.00', '200.00'),
        // USDT: traded 10 − 9 = 1 of 10 = 10 %; deposits asked 0 → 100 % → 10 %.
        need('usdt', '10.000000', '9.000000', '0.000000', '0.000000'),
      ]),
    ).toBe(60); // either currency will do: max(60, 10) = 60
  });

  it('floors, so it never shows 100 before the level is reached', () => {
    // 150.00 − 0.01 = 149.99 of 150.00 = 99.993… % → 99.
    expect(nextLevelPercent([need('money', '150.00', '0.01', '0.00', '0.00')])).toBe(99);
    expect(nextLevelPercent([need('money', '150.00', '150.00', '100.00', '0.00')])).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { settled, testOrder } from '../testOrder';
import { settlePollDelay, timed } from './useTrade';

describe('settlePollDelay', () => {
  it('waits for the first deadline (plus the settling second), then polls every 2 s', () => {
    const order = timed(testOrder({ secondsRemaining: 30 }), 0);
    expect(settlePollDelay([order], 0)).toBe(31_000);
    expect(settlePollDelay([order], 30_000)).toBe(2000);
    expect(settlePollDelay([order], 45_000)).toBe(2000);
  });

  it('stops once nothing is open', () => {
    expect(settlePollDelay([timed(settled('won', '3400.50'), 0)], 0)).toBe(false);
    expect(settlePollDelay([], 0)).toBe(false);
    expect(settlePollDelay(undefined, 0)).toBe(false);
  });
});

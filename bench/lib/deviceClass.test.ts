import { describe, expect, it } from 'vitest';
import { bisectRate, DEVICE_SCORES, isDeviceClass } from './deviceClass.js';

/** A machine whose score falls with the rate as a power of it (not in proportion). */
const machine =
  (host: number, power = 0.9) =>
  (rate: number) =>
    Promise.resolve(host / rate ** power);

describe('bisectRate', () => {
  it('finds the rate at which the score is within ten points of the target', async () => {
    for (const host of [1100, 1600, 2600, 5000]) {
      for (const target of Object.values(DEVICE_SCORES)) {
        const score = machine(host);
        const found = await bisectRate(score, target, host);
        expect(Math.abs((await score(found.rate)) - target)).toBeLessThan(10 + host / 200);
        expect(found.score).toBe(await score(found.rate));
        expect(found.rate).toBeGreaterThan(1);
        // To the hundredth: the finest rate the browser takes.
        expect(Math.round(found.rate * 100) / 100).toBe(found.rate);
      }
    }
  });

  it('throttles more on a faster machine for the same phone', async () => {
    const slow = await bisectRate(machine(1400), DEVICE_SCORES['mid-tier'], 1400);
    const fast = await bisectRate(machine(2800), DEVICE_SCORES['mid-tier'], 2800);
    expect(fast.rate).toBeGreaterThan(slow.rate * 1.8);
  });

  it('asks for no more than eight rates', async () => {
    const asked: number[] = [];
    await bisectRate(
      (rate) => {
        asked.push(rate);
        // A machine that never lands within the tolerance: the score jumps over the target.
        return Promise.resolve(rate < 2 ? 1200 : 800);
      },
      DEVICE_SCORES['mid-tier'],
      2000,
    );
    expect(asked.length).toBe(8);
    expect(Math.min(...asked)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...asked)).toBeLessThanOrEqual(3);
  });
});

describe('isDeviceClass', () => {
  it('names the two phone classes and nothing else', () => {
    expect(isDeviceClass('mid-tier')).toBe(true);
    expect(isDeviceClass('low-tier')).toBe(true);
    expect(isDeviceClass('4')).toBe(false);
    expect(isDeviceClass('toString')).toBe(false);
  });
});

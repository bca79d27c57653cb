import type { MemberLevels } from '@ampere/contract/admin';
import { describe, expect, it } from 'vitest';
import { levelOf, nextLevelNeeds, thresholdLevelOf, thresholdsOf, type Progress } from './rules.js';

// Thresholds of this file, in minor units (CNY × 100, USDT × 1,000,000):
//   Junior        volume 1,000.00 CNY = 100_000       deposits   500.00 CNY = 50_000
//                 volume   150 USDT   = 150_000_000   deposits    50 USDT   = 50_000_000
//   Intermediate  volume 5,000.00 CNY = 500_000       deposits 2,000.00 CNY = 200_000
//                 volume   750 USDT   = 750_000_000   deposits   300 USDT   = 300_000_000
//   Premium       volume 20,000.00 CNY = 2_000_000    deposits 10,000.00 CNY = 1_000_000
//                 volume 3,000 USDT   = 3_000_000_000 deposits 1,500 USDT  = 1_500_000_000
const levels: MemberLevels = {
  junior: {
    volume: { money: '1000.00', usdt: '150.000000' },
    deposits: { money: '500.00', usdt: '50.000000' },
  },
  intermediate: {
    volume: { money: '5000.00', usdt: '750.000000' },
    deposits: { money: '2000.00', usdt: '300.000000' },
  },
  premium: {
    volume: { money: '20000.00', usdt: '3000.000000' },
    deposits: { money: '10000.00', usdt: '1500.000000' },
  },
};
const thresholds = thresholdsOf(levels);

const progress = (
  money: [volume: bigint, deposits: bigint],
  usdt: [volume: bigint, deposits: bigint] = [0n, 0n],
): Progress => ({
  money: { volumeMinor: money[0], depositsMinor: money[1] },
  usdt: { volumeMinor: usdt[0], depositsMinor: usdt[1] },
});

describe('member levels: the rule', () => {
  it('reads the thresholds in minor units', () => {
    expect(thresholds.map((t) => [t.level, t.byCurrency.money, t.byCurrency.usdt])).toEqual([
      [
        1,
        { volumeMinor: 100_000n, depositsMinor: 50_000n },
        { volumeMinor: 150_000_000n, depositsMinor: 50_000_000n },
      ],
      [
        2,
        { volumeMinor: 500_000n, depositsMinor: 200_000n },
        { volumeMinor: 750_000_000n, depositsMinor: 300_000_000n },
      ],
      [
        3,
        { volumeMinor: 2_000_000n, depositsMinor: 1_000_000n },
        { volumeMinor: 3_000_000_000n, depositsMinor: 1_500_000_000n },
      ],
    ]);
  });

  it('needs both volume and deposits, in one currency', () => {
    // 999.99 CNY traded < 1,000.00, 500.00 deposited = 500.00: volume short by 0.01 → Ordinary.
    expect(thresholdLevelOf(progress([99_999n, 50_000n]), thresholds)).toBe(0);
    // 1,000.00 traded = 1,000.00, 499.99 deposited < 500.00: deposits short by 0.01 → Ordinary.
    expect(thresholdLevelOf(progress([100_000n, 49_999n]), thresholds)).toBe(0);
    // 1,000.00 ≥ 1,000.00 and 500.00 ≥ 500.00 → Junior; 1,000.00 < 5,000.00 → not Intermediate.
    expect(thresholdLevelOf(progress([100_000n, 50_000n]), thresholds)).toBe(1);
    // Volume in CNY (1,000.00 ≥ 1,000.00) and deposits in USDT (50 ≥ 50) do not add up:
    // CNY deposits 0 < 500.00, USDT volume 0 < 150 → Ordinary.
    expect(thresholdLevelOf(progress([100_000n, 0n], [0n, 50_000_000n]), thresholds)).toBe(0);
    // USDT alone: 150 ≥ 150 traded, 50 ≥ 50 deposited → Junior.
    expect(thresholdLevelOf(progress([0n, 0n], [150_000_000n, 50_000_000n]), thresholds)).toBe(1);
  });

  it('takes the higher of the two currencies', () => {
    // CNY: 5,000.00 ≥ 5,000.00 and 2,000.00 ≥ 2,000.00 → Intermediate.
    // USDT: 3,000 ≥ 3,000 and 1,500 ≥ 1,500 → Premium. The level: Premium.
    expect(
      thresholdLevelOf(
        progress([500_000n, 200_000n], [3_000_000_000n, 1_500_000_000n]),
        thresholds,
      ),
    ).toBe(3);
  });

  it('crosses upward as progress grows, one threshold at a time', () => {
    // Deposited 2,000.00 CNY; each settled stake adds to volume.
    const at = (volumeMinor: bigint) =>
      thresholdLevelOf(progress([volumeMinor, 200_000n]), thresholds);
    expect(at(99_999n)).toBe(0); //    999.99 < 1,000.00
    expect(at(99_999n + 1n)).toBe(1); // 999.99 + 0.01 = 1,000.00 ≥ 1,000.00 → Junior
    expect(at(499_999n)).toBe(1); //   4,999.99 < 5,000.00
    expect(at(499_999n + 1n)).toBe(2); // 4,999.99 + 0.01 = 5,000.00 → Intermediate
    // 20,000.00 ≥ 20,000.00 traded, but 2,000.00 < 10,000.00 deposited → still Intermediate.
    expect(at(2_000_000n)).toBe(2);
    // A recharge of 8,000.00: 2,000.00 + 8,000.00 = 10,000.00 ≥ 10,000.00 → Premium.
    expect(thresholdLevelOf(progress([2_000_000n, 200_000n + 800_000n]), thresholds)).toBe(3);
  });

  it('crosses downward when the thresholds rise, and back up when they fall', () => {
    // Traded 5,000.00 CNY, deposited 2,000.00: Intermediate (5,000.00 ≥ 5,000.00, 2,000.00 ≥ 2,000.00).
    const mine = progress([500_000n, 200_000n]);
    expect(thresholdLevelOf(mine, thresholds)).toBe(2);
    // Intermediate's CNY volume raised to 5,000.01: 5,000.00 < 5,000.01 → Junior
    // (5,000.00 ≥ 1,000.00 and 2,000.00 ≥ 500.00).
    const raised = thresholdsOf({
      ...levels,
      intermediate: { ...levels.intermediate, volume: { money: '5000.01', usdt: '750.000000' } },
    });
    expect(thresholdLevelOf(mine, raised)).toBe(1);
    // Junior's CNY deposits raised to 2,000.01 too (Intermediate's to match): 2,000.00 < 2,000.01
    // → Ordinary.
    const higher = thresholdsOf({
      ...levels,
      junior: { ...levels.junior, deposits: { money: '2000.01', usdt: '50.000000' } },
      intermediate: {
        volume: { money: '5000.01', usdt: '750.000000' },
        deposits: { money: '2000.01', usdt: '300.000000' },
      },
    });
    expect(thresholdLevelOf(mine, higher)).toBe(0);
    // Back to the original thresholds: Intermediate again.
    expect(thresholdLevelOf(mine, thresholds)).toBe(2);
  });

  it("never goes below staff's floor, and rises above it", () => {
    // Nothing traded: the thresholds give Ordinary; staff's floor Intermediate holds.
    expect(levelOf(progress([0n, 0n]), thresholds, 2)).toBe(2);
    // The thresholds give Premium (20,000.00 ≥ 20,000.00 and 10,000.00 ≥ 10,000.00): above the floor.
    expect(levelOf(progress([2_000_000n, 1_000_000n]), thresholds, 2)).toBe(3);
    // The thresholds give Junior; the floor Intermediate is higher.
    expect(levelOf(progress([100_000n, 50_000n]), thresholds, 2)).toBe(2);
  });

  it('says what the next level needs, per currency', () => {
    // Junior with 1,200.00 traded and 600.00 deposited in CNY, 10 USDT traded.
    const mine = progress([120_000n, 60_000n], [10_000_000n, 0n]);
    const next = nextLevelNeeds(1, mine, thresholds);
    expect(next?.next.level).toBe(2);
    expect(next?.needs).toEqual([
      {
        currency: 'money',
        need: { volumeMinor: 500_000n, depositsMinor: 200_000n },
        // 5,000.00 − 1,200.00 = 3,800.00; 2,000.00 − 600.00 = 1,400.00
        missing: { volumeMinor: 380_000n, depositsMinor: 140_000n },
      },
      {
        currency: 'usdt',
        need: { volumeMinor: 750_000_000n, depositsMinor: 300_000_000n },
        // 750 − 10 = 740; 300 − 0 = 300
        missing: { volumeMinor: 740_000_000n, depositsMinor: 300_000_000n },
      },
    ]);
    // Met parts are 0, not negative: 6,000.00 traded ≥ 5,000.00 → 0 missing.
    const over = nextLevelNeeds(1, progress([600_000n, 60_000n]), thresholds);
    expect(over?.needs[0]?.missing).toEqual({ volumeMinor: 0n, depositsMinor: 140_000n });
    // Premium has no next level.
    expect(nextLevelNeeds(3, mine, thresholds)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { prng, seedOf, step } from './random-walk.js';

describe('simulated price walk', () => {
  it('is reproducible from its seed', () => {
    const walk = (seed: number) => {
      const random = prng(seed);
      let p = 9_712_345n; // 97,123.45 at scale 2
      const out: bigint[] = [];
      for (let i = 0; i < 5; i++)
        out.push((p = step(p, 500, { random, volatilityBps: 6000, scale: 2 })));
      return out;
    };
    expect(walk(seedOf('BTC/USDT'))).toEqual(walk(seedOf('BTC/USDT')));
    expect(walk(seedOf('BTC/USDT'))).not.toEqual(walk(seedOf('ETH/USDT')));
  });

  it('moves by a realistic amount per half second and stays positive', () => {
    const random = prng(42);
    let p = 9_712_345n;
    let maxMoveBps = 0;
    for (let i = 0; i < 10_000; i++) {
      const next = step(p, 500, { random, volatilityBps: 6000, scale: 2 });
      maxMoveBps = Math.max(maxMoveBps, Math.abs(Number(((next - p) * 1_000_000n) / p)) / 100);
      p = next;
    }
    expect(p).toBeGreaterThan(0n);
    // 60 % a year is ≈ 0.0024 % per 500 ms (1 σ); even a 6 σ move stays well under 0.1 %.
    expect(maxMoveBps).toBeLessThan(10);
  });

  it('never goes below one minor unit', () => {
    const random = prng(7);
    expect(
      step(1n, 86_400_000, { random, volatilityBps: 500_000, scale: 2 }),
    ).toBeGreaterThanOrEqual(1n);
  });
});

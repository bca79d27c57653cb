import { describe, expect, it } from 'vitest';
import { mulberry32 as prng, seedOf } from './fixtures/seeded-generator.js';
import { secureRandom, step } from './random-walk.js';

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

  it('draws uniform values in [0, 1) from the CSPRNG, across pool refills', () => {
    const random = secureRandom();
    const n = 20_000; // 160,000 bytes: the 4,096-byte pool is refilled about 40 times
    let sum = 0;
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      const u = random();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      sum += u;
      seen.add(u);
    }
    // Mean of n uniforms: 0.5 ± 1/sqrt(12 n) ≈ 0.002 (1 σ); 0.012 is 6 σ.
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(0.012);
    expect(seen.size).toBe(n);
    // Two sources share nothing: their first draws differ.
    expect(secureRandom()()).not.toBe(secureRandom()());
  });

  it('never goes below one minor unit', () => {
    const random = prng(7);
    expect(
      step(1n, 86_400_000, { random, volatilityBps: 500_000, scale: 2 }),
    ).toBeGreaterThanOrEqual(1n);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../test/harness.js';
import { CHAIN_GENESIS } from './chain.js';
import { mulberry32, seedOf } from './fixtures/seeded-generator.js';
import { createMarketService, type MarketService } from './market.service.js';
import { createSimulatedFeed } from './simulated-feed.js';

/**
 * Issue #23: an outsider rebuilt the simulated feed's generator from the public chain and won
 * every trade. Here the attacker gets everything public — every tick's price and hash as the
 * `ticker.*` socket and `market/chain/verify` show them, the tick count — and rebuilds every
 * generator that could follow from it, after each restart of the feed (a restart, like a failed
 * round, is when the old feed re-derived its seed). Each predicts the direction of the next 60
 * ticks. None may do better than a coin.
 *
 * It runs in the embedded database's suite only: what it tests is the generator and what the
 * chain makes public, not the database (the ticks' storage is the same on PostgreSQL, where the
 * market's own tests run), and on PostgreSQL beside the E2E run it took 267 s of CI.
 */
const SYMBOL = 'BTC/USDT';
const TRIALS = 200;
const TICKS_PER_TRIAL = 60;

/**
 * The market as the feed sees it, with one product only: the test keeps to the ticks it scores;
 * the feed treats each product alike (closed ones too, so closing cannot narrow it).
 */
const oneProduct = (market: MarketService): MarketService => ({
  ...market,
  productsForFeed: async () => (await market.productsForFeed()).filter((p) => p.symbol === SYMBOL),
});

/**
 * The old step drew two uniforms per tick (Box–Muller) and moved up exactly when
 * cos(2π·u2) > 0 (the drift term is ~1e-12 of a step); its trade sizes had their own generator.
 * A predictor replays that from a seed: the direction of each of the next `n` ticks.
 */
function predictDirections(seed: number, n: number): boolean[] {
  const random = mulberry32(seed);
  return Array.from({ length: n }, () => {
    random();
    return Math.cos(2 * Math.PI * random()) > 0;
  });
}

describe.skipIf(usingPostgres)(
  'simulated feed against an attacker who knows everything public',
  () => {
    let db: TestDatabase;
    let market: MarketService;
    let clockMs = Date.parse('2026-11-25T00:00:00Z');
    const now = () => clockMs;

    beforeAll(async () => {
      db = await createTestDatabase();
      market = oneProduct(createMarketService({ db: db.database.db, now }));
    });
    afterAll(() => db.drop());

    it(`predicts no better than chance over ${TRIALS} restarts × ${TICKS_PER_TRIAL} ticks`, async () => {
      const hashes: string[] = []; // every public hash so far, oldest first
      const predictors = new Map<string, { hits: number; scored: number }>();
      let ties = 0;

      for (let trial = 0; trial < TRIALS; trial++) {
        const last = await market.lastTick(SYMBOL);
        const lastHash = last?.hash ?? 'genesis';
        const count = hashes.length;
        // Every seed a client could derive: from genesis, from any public hash (the newest, the one
        // before, the first, a published-head-like older one), from the tick count; the price and
        // the trade-size generators of the old feed alike.
        const seeds: Record<string, number> = {
          'last hash': seedOf(`${SYMBOL}:${lastHash}`),
          'last hash, sizes': seedOf(`${SYMBOL}:size:${lastHash}`),
          genesis: seedOf(`${SYMBOL}:genesis`),
          'genesis hash': seedOf(`${SYMBOL}:${CHAIN_GENESIS}`),
          'hash before last': seedOf(`${SYMBOL}:${hashes.at(-2) ?? 'genesis'}`),
          'first hash': seedOf(`${SYMBOL}:${hashes[0] ?? 'genesis'}`),
          'older hash': seedOf(`${SYMBOL}:${hashes[Math.floor(count / 2)] ?? 'genesis'}`),
          'tick count': seedOf(String(count)),
          'symbol and tick count': seedOf(`${SYMBOL}:${count}`),
          symbol: seedOf(SYMBOL),
        };
        const predictions = Object.entries(seeds).map(
          ([name, seed]) => [name, predictDirections(seed, TICKS_PER_TRIAL)] as const,
        );

        // A restart: a new feed continues from the recorded price, as after a process restart.
        const feed = createSimulatedFeed(market, { now });
        let previous = last?.priceMinor;
        for (let i = 0; i < TICKS_PER_TRIAL; i++) {
          clockMs += 500;
          expect(await feed.tickAll()).toBe(1);
          const tick = await market.lastTick(SYMBOL);
          if (!tick) throw new Error('the feed recorded no tick');
          hashes.push(tick.hash);
          if (previous !== undefined && tick.priceMinor !== previous) {
            const up = tick.priceMinor > previous;
            for (const [name, directions] of predictions) {
              const score = predictors.get(name) ?? { hits: 0, scored: 0 };
              score.scored++;
              if (directions[i] === up) score.hits++;
              predictors.set(name, score);
            }
          } else if (previous !== undefined) {
            ties++; // the price did not move: no direction to predict
          }
          previous = tick.priceMinor;
        }
      }

      // n fair coin flips: hits = n/2 ± sqrt(n)/2 (1 σ). A predictor beyond 5 σ would be a real
      // edge (chance: about 3 in 10 million per predictor); the old feed's best scored 100 %.
      const edges = [...predictors].flatMap(([name, { hits, scored }]) => {
        expect(scored, name).toBeGreaterThan(TRIALS * TICKS_PER_TRIAL * 0.9);
        const sigmas = (hits - scored / 2) / (Math.sqrt(scored) / 2);
        return Math.abs(sigmas) < 5 ? [] : [`${name}: ${hits} of ${scored} right`];
      });
      expect(edges).toEqual([]);
      expect(predictors.size).toBe(10);
      expect(ties).toBeLessThan(TRIALS * TICKS_PER_TRIAL * 0.1);
      // 12,000 ticks through the database: ≈ 80 s alone; 267 s on PostgreSQL beside the E2E run
      // in CI (load ≈ 10), too near 300 s.
    }, 600_000);

    it('two feeds started from the same last tick go separate ways', async () => {
      const dbs = [await createTestDatabase(), await createTestDatabase()];
      try {
        const markets = dbs.map((d) => oneProduct(createMarketService({ db: d.database.db, now })));
        for (const market of markets) await market.recordTick(SYMBOL, clockMs, 9_712_345n, 2);
        // The same last tick in both: same time, price and hash.
        const [a, b] = await Promise.all(markets.map((m) => m.lastTick(SYMBOL)));
        expect(a?.hash).toBe(b?.hash);

        const paths: bigint[][] = [[], []];
        const feeds = markets.map((m) => createSimulatedFeed(m, { now }));
        for (let i = 0; i < 20; i++) {
          clockMs += 500;
          for (const [k, feed] of feeds.entries()) {
            await feed.tickAll();
            const tick = await markets[k]?.lastTick(SYMBOL);
            if (tick) paths[k]?.push(tick.priceMinor);
          }
        }
        expect(paths[0]).toHaveLength(20);
        expect(paths[1]).toHaveLength(20);
        expect(paths[0]).not.toEqual(paths[1]);
        // Both continue from the recorded level: the first step is a normal half-second move
        // (60 % a year is ≈ 0.0024 % per 500 ms; 0.1 % would be a 40 σ jump).
        for (const path of paths) {
          const moveBps = Number((((path[0] ?? 0n) - 9_712_345n) * 100_000n) / 9_712_345n) / 10;
          expect(Math.abs(moveBps)).toBeLessThan(10);
        }
      } finally {
        await Promise.all(dbs.map((d) => d.drop()));
      }
    }, 60_000);
  },
);

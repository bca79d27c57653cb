import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../test/harness.js';
import { createMarketService, type MarketService } from './market.service.js';
import { startJobs } from '../../jobs/runner.js';
import { marketJobs } from './market.jobs.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ticksOf = async (market: MarketService) =>
  (await market.verify('BTC/USDT', undefined, 10_000))?.checked ?? 0;

describe('market publisher', () => {
  let db: TestDatabase;
  let second: Database | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    if (db.url) second = openPostgres(db.url, 3);
  });
  afterAll(async () => {
    await second?.close();
    await db.drop();
  });

  const publisher = (database: Database) =>
    startJobs(
      marketJobs({
        market: createMarketService({ db: database.db }),
        log: quiet,
        feed: 'simulated',
        exchangeUrl: 'ws://127.0.0.1:1',
        outlierBps: 500,
        db: database.db,
        tickRetentionMs: 30 * 86_400_000,
      }),
      { log: quiet, databaseUrl: db.url, leaderRetryMs: 100 },
    );

  it('runs the feed in the leading process; a follower takes over when it stops', async () => {
    const market = createMarketService({ db: db.database.db });
    const a = publisher(db.database);
    const b = second ? publisher(second) : undefined;
    await until(async () => (await ticksOf(market)) >= 4);
    if (b) {
      await a.stop();
      const before = await ticksOf(market);
      await until(async () => (await ticksOf(market)) >= before + 4);
      await b.stop();
    } else {
      await a.stop();
    }
    // However the work moved between processes, the chain is one unbroken line.
    const verdict = await market.verify('BTC/USDT', undefined, 10_000);
    expect(verdict).toMatchObject({ ok: true, broken: null });
    const after = await ticksOf(market);
    await new Promise((r) => setTimeout(r, 700));
    expect(await ticksOf(market)).toBe(after); // stopped means stopped
  });

  it.runIf(usingPostgres)('never has two publishers at once', async () => {
    const market = createMarketService({ db: db.database.db });
    const start = await ticksOf(market);
    const a = publisher(db.database);
    const b = publisher(second ?? db.database);
    await new Promise((r) => setTimeout(r, 2_000));
    await Promise.all([a.stop(), b.stop()]);
    // One simulated round every 500 ms: two publishers would write about twice as many.
    const written = (await ticksOf(market)) - start;
    expect(written).toBeGreaterThanOrEqual(2);
    expect(written).toBeLessThanOrEqual(5);
    expect(await market.verify('BTC/USDT', undefined, 10_000)).toMatchObject({ ok: true });
  });
});

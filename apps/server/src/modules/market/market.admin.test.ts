import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../jobs/runner.js';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import { FEED_LEADER_ALIVE_MS } from './admin.js';
import { createTickGate } from './feed.js';
import { marketJobs } from './market.jobs.js';
import { createMarketService } from './market.service.js';
import { createSimulatedFeed } from './simulated-feed.js';

const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the market in the back office', () => {
  let db: TestDatabase;
  let clockMs = T0;
  const now = () => clockMs;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.database.db.execute(
      sql`update product set trading_state = 'closed' where symbol = 'ETH/USDT'`,
    );
  });
  afterAll(() => db.drop());

  it('keeps publishing a closed product: closing stops new orders, never the prices orders settle on', async () => {
    const market = createMarketService({ db: db.database.db, now });
    const feed = createSimulatedFeed(market, { now });
    const products = await market.productsForFeed();
    expect(await feed.tickAll()).toBe(products.length);
    expect((await market.lastTick('ETH/USDT'))?.timeMs).toBe(T0);

    const gate = createTickGate({ market, log: quiet, maxJumpBps: 100_000, now });
    await gate.refreshProducts();
    clockMs += 1_000;
    const last = await market.lastTick('ETH/USDT');
    const price = ((last?.priceMinor ?? 340_000n) / 100n).toString();
    gate.accept({ symbol: 'ETH/USDT', timeMs: clockMs, price, qty: '1' });
    await gate.settled();
    expect(gate.stats).toMatchObject({ published: 1, rejected: 0 });
    expect((await market.lastTick('ETH/USDT'))?.timeMs).toBe(clockMs);
  });

  it('shows each product as users see it, with its last tick', async () => {
    const market = createMarketService({ db: db.database.db, now });
    clockMs += 3_000;
    let state = await market.feedState();
    const of = (symbol: string) => state.products.find((p) => p.symbol === symbol);
    expect(of('ETH/USDT')).toEqual({
      symbol: 'ETH/USDT',
      tradingState: 'closed',
      state: 'closed',
      lastTickAt: new Date(clockMs - 3_000).toISOString(),
    });
    expect(of('BTC/USDT')).toMatchObject({ tradingState: 'open', state: 'open' });
    clockMs += 5_000; // BTC's last tick is now 9 s old: paused
    state = await market.feedState();
    expect(of('BTC/USDT')).toMatchObject({ tradingState: 'open', state: 'paused' });
    expect(state.leader).toBeNull();
  });

  it('records which node leads the feed and which feed it runs, while it leads', async () => {
    const market = createMarketService({ db: db.database.db, now });
    const runner = startJobs(
      marketJobs({
        market,
        log: quiet,
        feed: 'exchange',
        exchangeUrl: 'ws://127.0.0.1:1',
        outlierBps: 500,
        db: db.database.db,
        tickRetentionMs: 30 * 86_400_000,
        leaderBeatMs: 50,
      }),
      // Embedded database: this process leads at once.
      { log: quiet, databaseUrl: undefined },
    );
    try {
      const started = Date.now();
      clockMs = Date.now();
      let state = await market.feedState();
      for (let i = 0; i < 100 && state.leader === null; i++) {
        await new Promise((r) => setTimeout(r, 20));
        state = await market.feedState();
      }
      expect(state.leader).toMatchObject({
        node: expect.stringMatching(new RegExp(`:${process.pid}$`)),
        feed: 'exchange',
        alive: true,
      });
      const electedAt = state.leader?.electedAt ?? '';
      expect(Date.parse(electedAt)).toBeGreaterThanOrEqual(started - 1_000);
      // Beats move `seenAt` on, never `electedAt`.
      await new Promise((r) => setTimeout(r, 150));
      const later = await market.feedState();
      expect(later.leader?.electedAt).toBe(electedAt);
      expect(Date.parse(later.leader?.seenAt ?? '')).toBeGreaterThan(Date.parse(electedAt));
    } finally {
      await runner.stop();
    }
    // A leader that stopped saying so is shown as gone.
    clockMs = Date.now() + FEED_LEADER_ALIVE_MS + 1;
    expect((await market.feedState()).leader).toMatchObject({ feed: 'exchange', alive: false });
  });
});

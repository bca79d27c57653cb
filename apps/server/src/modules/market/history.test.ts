import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatScaled, parseScaled, productListSchema } from '@ampere/contract';
import { openPostgres, queryRows, type Database } from '../../db/client.js';
import { startJobs } from '../../jobs/runner.js';
import { creditFromEquity, signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, usingPostgres, type TestApp } from '../../test/harness.js';
import { BACKFILL_DAYS, backfillRange, generateBackfill } from './backfill.js';
import { marketJobs, type FeedKind } from './market.jobs.js';
import { createMarketService } from './market.service.js';
import { pruneMarketData } from './retention.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Says how long each symbol's backfill took (docs/market.md quotes the figures). */
const timing = {
  ...quiet,
  info: (obj: object, msg: string) => {
    if (msg === 'market history backfilled') console.info(JSON.stringify(obj));
  },
};
const SEED = 'ampere';
const DAY_MS = 86_400_000;

async function until(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first start of the simulated feed (as `npm start` runs it) on a fresh database. */
describe('backfilled history on the first start', () => {
  let t: TestApp;
  let second: Database | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const url = t.url;
    if (url) second = openPostgres(url, 3);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const publisher = (database: Database, feed: FeedKind = 'simulated') =>
    startJobs(
      marketJobs({
        market: createMarketService({ db: database.db }),
        log: timing,
        feed,
        backfill: { seed: SEED, days: BACKFILL_DAYS },
        exchangeUrl: 'ws://127.0.0.1:1',
        outlierBps: 500,
        db: database.db,
        tickRetentionMs: 30 * DAY_MS,
      }),
      { log: quiet, databaseUrl: t.url, leaderRetryMs: 100 },
    );
  const db = () => t.database.db;
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(db(), query))[0]?.n ?? -1);
  const ticks = () => count(sql`select count(*) as n from tick where symbol = 'BTC/USDT'`);
  const kline = async (interval: string) =>
    (
      await t.app.inject({
        url: `/api/v1/market/kline?symbol=BTC/USDT&interval=${interval}&limit=500`,
      })
    ).json().data.candles as [number, string, string, string, string, number, string][];
  /** Candles of buckets the live feed cannot reach (they closed before it started). */
  const frozenHistory = () =>
    queryRows<{ n: string; closes: string; volume: string }>(
      db(),
      sql`select count(*) as n, sum(c.close)::text as closes, sum(c.volume)::text as volume
            from candle c join market_backfill b on b.symbol = c.symbol
           where c.open_time_ms < b.to_ms - 86400000`,
    );

  it('the exchange feed backfills nothing: it has no history to take, and none is made up', async () => {
    const exchange = publisher(t.database, 'exchange');
    await new Promise((r) => setTimeout(r, 300));
    await exchange.stop();
    expect(await count(sql`select count(*) as n from candle`)).toBe(0);
    expect(await count(sql`select count(*) as n from market_backfill`)).toBe(0);
  });

  it('writes forty days of candles once, from one process, ending where the live walk starts', async () => {
    const started = Date.now();
    // On PostgreSQL two processes campaign: the leader backfills, the other never does.
    const a = publisher(t.database);
    const b = second ? publisher(second) : undefined;
    await until(async () => (await ticks()) >= 1);
    const firstTickAfterMs = Date.now() - started;
    await until(async () => (await ticks()) >= 3);
    await Promise.all([a.stop(), b?.stop()]);
    // The whole first start, eight products backfilled, to the first tick (docs/market.md).
    console.info(`first start: first tick after ${firstTickAfterMs} ms`);
    expect(firstTickAfterMs).toBeLessThan(15_000);

    const rows = await queryRows<{ symbol: string; candles: number }>(
      db(),
      sql`select symbol, candles from market_backfill order by symbol`,
    );
    expect(rows).toHaveLength(8);
    const [record] = await queryRows<{
      from_ms: string;
      to_ms: string;
      start_price_minor: string;
      volatility_bps: number;
    }>(db(), sql`select * from market_backfill where symbol = 'BTC/USDT'`);
    if (!record) throw new Error('no record');
    const toMs = Number(record.to_ms);
    expect(toMs).toBeGreaterThanOrEqual(backfillRange(started).toMs);
    // Its start price is the product's first price, and the last backfilled close.
    const btc = (await t.app.services.market.productsForFeed())[0];
    if (!btc) throw new Error('no product');
    const startPrice = parseScaled(btc.initialPrice, btc.priceScale);
    expect(BigInt(record.start_price_minor)).toBe(startPrice);
    const [lastMinute] = await queryRows<{ close: string; ticks: number }>(
      db(),
      sql`select close::text, ticks from candle
           where symbol = 'BTC/USDT' and interval = '1Min' and open_time_ms = ${toMs - 60_000}`,
    );
    expect(lastMinute).toEqual({ close: startPrice.toString(), ticks: 0 });

    // The feed's first live price is one step of the walk from there, at or after the start.
    const [first] = await queryRows<{ time_ms: string; price_minor: string; prev_hash: string }>(
      db(),
      sql`select time_ms, price_minor, prev_hash from tick
           where symbol = 'BTC/USDT' order by id limit 1`,
    );
    if (!first) throw new Error('no tick');
    expect(first.prev_hash).toBe('0'.repeat(64)); // the chain starts with the live feed
    expect(Number(first.time_ms)).toBeGreaterThanOrEqual(toMs);
    const moveBps = Number(((BigInt(first.price_minor) - startPrice) * 100_000n) / startPrice);
    expect(Math.abs(moveBps)).toBeLessThan(200); // < 0.2 %: one half-second step (≈ 0.003 %)

    // Anyone can regenerate the history from the record: the closed days are exactly it.
    const again = generateBackfill({
      seed: SEED,
      symbol: 'BTC/USDT',
      atMs: toMs,
      startPrice,
      priceScale: btc.priceScale,
      volatilityBps: record.volatility_bps,
    });
    const days = await kline('1Day');
    expect(days).toHaveLength(BACKFILL_DAYS);
    expect(days[0]?.[0]).toBe(Number(record.from_ms));
    const expectedDays = again.candles.filter((c) => c.interval === '1Day');
    const f = (v: bigint | undefined) => formatScaled(v ?? 0n, btc.priceScale);
    expect(days.slice(0, -1).map((d) => [d[0], d[1], d[4], d[5]])).toEqual(
      expectedDays.slice(0, -1).map((c) => [c.openTimeMs, f(c.open), f(c.close), 0]),
    );
    // Today's candle: backfilled until the start (unless it started at midnight), live since:
    // its ticks are the recorded ones.
    if (toMs % DAY_MS !== 0) expect(days.at(-1)?.[1]).toBe(f(expectedDays.at(-1)?.open));
    expect(days.at(-1)?.[5]).toBeGreaterThanOrEqual(3);

    expect(await kline('1Hour')).toHaveLength(500);
    const products = productListSchema.parse(
      (await t.app.inject({ url: '/api/v1/market/products?lang=en-US' })).json().data,
    ).items;
    for (const p of products) {
      expect(p).toMatchObject({ open24h: expect.any(String), high: expect.any(String) });
      expect(p.changePct).not.toBeNull();
      expect(Number(p.volume24h)).toBeGreaterThan(0);
      expect(Number(p.high)).toBeGreaterThan(Number(p.low));
    }
  }, 60_000);

  it('a second start adds nothing: the history is there, the walk resumes from its last tick', async () => {
    const before = await frozenHistory();
    const records = await count(sql`select count(*) as n from market_backfill`);
    const lastTick = await t.app.services.market.lastTick('BTC/USDT');
    const n = await ticks();
    const again = publisher(t.database);
    await until(async () => (await ticks()) >= n + 2);
    await again.stop();
    expect(await frozenHistory()).toEqual(before);
    expect(await count(sql`select count(*) as n from market_backfill`)).toBe(records);
    // No candle before the first start was written by this one.
    const [next] = await queryRows<{ prev_hash: string }>(
      db(),
      sql`select prev_hash from tick where symbol = 'BTC/USDT' and id > ${lastTick?.id ?? 0n}
           order by id limit 1`,
    );
    expect(next?.prev_hash).toBe(lastTick?.hash);
    // And a direct call, as a racing process would make, writes nothing either.
    const btc = (await t.app.services.market.productsForFeed())[0];
    if (!btc) throw new Error('no product');
    const result = await t.app.services.market.backfill(btc, Date.now(), { seed: SEED, days: 40 });
    expect(result?.written).toBeUndefined();
    expect(result?.startPrice).toBe(parseScaled(btc.initialPrice, btc.priceScale));
  });

  it('retention treats backfilled candles as any: minutes go after 90 days, the rest and the record stay', async () => {
    const backfilled = (interval: string) =>
      count(sql`select count(*) as n from candle c join market_backfill b using (symbol)
                 where c.interval = ${interval} and c.open_time_ms < b.to_ms`);
    const [fives, hours] = [await backfilled('5Min'), await backfilled('1Hour')];
    expect(await backfilled('1Min')).toBe(8 * 1440);
    // Ninety days on, every minute candle from before now is past its 90 days.
    await pruneMarketData({ db: db(), nowMs: Date.now() + 90 * DAY_MS, retentionMs: 30 * DAY_MS });
    expect(await backfilled('1Min')).toBe(0);
    expect(await backfilled('5Min')).toBe(fives);
    expect(await backfilled('1Hour')).toBe(hours);
    expect(await count(sql`select count(*) as n from market_backfill`)).toBe(8);
    expect(await ticks()).toBeGreaterThan(0); // a symbol's last tick is always kept
  });

  it.runIf(usingPostgres)(
    'two processes racing on one symbol: one writes, the other finds it',
    async () => {
      if (!second) throw new Error('no second pool');
      await db().execute(
        sql`insert into product (symbol, category, price_scale, names, volatility_bps, initial_price)
          values ('NEW/USD', 'index', 2, '{"en-US":"New"}', 3000, '100.00')`,
      );
      const p = (await t.app.services.market.productsForFeed()).find((x) => x.symbol === 'NEW/USD');
      if (!p) throw new Error('no product');
      const other = createMarketService({ db: second.db });
      const at = Date.now();
      const results = await Promise.all([
        t.app.services.market.backfill(p, at, { seed: SEED, days: 3 }),
        other.backfill(p, at, { seed: SEED, days: 3 }),
      ]);
      expect(results.filter((r) => r?.written)).toHaveLength(1);
      expect(results.map((r) => r?.startPrice)).toEqual([10_000n, 10_000n]);
      const [record] = await queryRows<{ candles: number }>(
        db(),
        sql`select candles from market_backfill where symbol = 'NEW/USD'`,
      );
      expect(await count(sql`select count(*) as n from candle where symbol = 'NEW/USD'`)).toBe(
        record?.candles,
      );
    },
  );
});

/** Orders open and settle on recorded ticks only: backfilled candles are never a price to trade. */
describe('backfilled history and orders', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:30Z'));
  const nowMs = () => clock.now().getTime();
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  const buy = (token: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy?lang=en-US',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: {
        symbol: 'BTC/USDT',
        direction: 'up',
        amount: '100.00',
        currency: 'money',
        period: 30,
      },
    });

  it('refuses an order on history alone, and strikes and settles on live ticks', async () => {
    const { id, token } = await signUpThroughApi(t.app, t.database.db, 'history1');
    await creditFromEquity(t.database.db, id, 'money', 1_000_00n);
    const btc = (await t.app.services.market.productsForFeed())[0];
    if (!btc) throw new Error('no product');
    const history = await t.app.services.market.backfill(btc, nowMs(), { seed: SEED, days: 40 });
    expect(history?.written?.candles).toBeGreaterThan(5_000);
    const backfilledClose = history?.startPrice ?? 0n;

    // Forty days of candles, and not one price an order could open on.
    const refused = (await buy(token, 'history-key-0001')).json();
    expect(refused).toMatchObject({ code: 4002 });
    const balance = async () =>
      (
        await t.app.inject({
          url: '/api/v1/user/balance',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data.money.available as string;
    expect(await balance()).toBe('1000.00');

    // The live feed's first tick (a price the backfill never had), then an order on it.
    const strike = backfilledClose + 1_234n;
    const first = await t.app.services.market.recordTick('BTC/USDT', nowMs(), strike, 2);
    expect(first.prevHash).toBe('0'.repeat(64));
    const placed = (await buy(token, 'history-key-0002')).json();
    expect(placed).toMatchObject({ code: 0, data: { strikePrice: formatScaled(strike, 2) } });
    clock.advance(20_000);
    const exit = await t.app.services.market.recordTick('BTC/USDT', nowMs(), strike + 500n, 2);
    clock.advance(10_001);
    await t.app.services.market.recordTick('BTC/USDT', nowMs(), strike + 700n, 2);
    expect(await t.app.services.trading.settleDue()).toBe(1);
    const receipt = (
      await t.app.inject({
        url: `/api/v1/user/orderReceipt?id=${placed.data.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data;
    expect(receipt.order).toMatchObject({
      status: 'won',
      exitPrice: formatScaled(strike + 500n, 2),
    });
    expect(receipt.strikeTick).toMatchObject({ id: first.id.toString(), hash: first.hash });
    expect(receipt.exitTick).toMatchObject({ id: exit.id.toString(), hash: exit.hash });
    expect(receipt.verification).toMatchObject({ ok: true });
    const record = await t.app.services.market.backfillOf('BTC/USDT');
    expect(receipt.strikeTick.timeMs).toBeGreaterThanOrEqual(record?.toMs ?? Infinity);
  });
});

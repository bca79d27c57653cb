import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asSuperuser,
  createTestApp,
  dbErrorOf,
  testClock,
  type TestApp,
} from '../../test/harness.js';
import { LOCALE_KEYS, productListSchema } from '@ampere/contract';
import { createMarketService } from './market.service.js';
import { DEFAULT_PRODUCTS } from './products.seed.js';
import { createSimulatedFeed } from './simulated-feed.js';

describe('market data API', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  const nowMs = () => clock.now().getTime();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  it('names every product in all 13 locales, and fills in names an older catalogue lacks', async () => {
    for (const p of DEFAULT_PRODUCTS)
      expect(Object.keys(p.names).sort()).toEqual([...LOCALE_KEYS].sort());
    const names = async (lang: string): Promise<string[]> =>
      productListSchema
        .parse((await t.app.inject({ url: `/api/v1/market/products?lang=${lang}` })).json().data)
        .items.map((p) => p.name);
    expect((await names('th')).slice(0, 3)).toEqual(['บิตคอยน์', 'อีเธอเรียม', 'โซลานา']);
    // A catalogue seeded with English and Chinese only, one name edited by an operator.
    await t.database.db.execute(
      sql`update product set names = '{"en-US":"Bitcoin","zh-Hans":"比特币","de":"Bitcoin (BTC)"}'::jsonb where symbol = 'BTC/USDT'`,
    );
    await t.app.services.market.seedProducts();
    const [btc] = await names('de');
    expect(btc).toBe('Bitcoin (BTC)');
    expect((await names('th'))[0]).toBe('บิตคอยน์');
  });

  it('lists the seeded catalogue, paused until the feed has ticked', async () => {
    const items = (await t.app.inject({ url: '/api/v1/market/products?lang=zh-Hans' })).json().data
      .items;
    expect(items.map((p: { symbol: string }) => p.symbol)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'SOL/USDT',
      'XAU/USD',
      'EUR/USD',
      'LIT/USD',
      'SOLAR/USD',
      'EV/USD',
    ]);
    expect(items[0]).toMatchObject({
      name: '比特币',
      state: 'paused',
      lastPrice: null,
      changePct: null,
      open24h: null,
      ticks24h: 0,
      volume24h: '0.00000000',
    });
  });

  it('publishes simulated ticks into the chain and candles; products show price, state and 24 h stats', async () => {
    const market = createMarketService({ db: t.database.db, now: nowMs });
    const feed = createSimulatedFeed(market, { now: nowMs });
    for (let i = 0; i < 10; i++) {
      await feed.tickAll();
      clock.advance(500);
    }
    const btc = (await t.app.inject({ url: '/api/v1/market/products' })).json().data.items[0];
    expect(btc).toMatchObject({ symbol: 'BTC/USDT', name: 'Bitcoin', state: 'open', ticks24h: 10 });
    expect(btc.lastPrice).toMatch(/^\d+\.\d{2}$/);
    expect(btc.changePct).toMatch(/^-?\d+\.\d{2}$/);
    expect(btc.open24h).toMatch(/^\d+\.\d{2}$/);
    expect(Number(btc.volume24h)).toBeGreaterThan(0);

    const kline = (
      await t.app.inject({ url: '/api/v1/market/kline?symbol=BTC/USDT&interval=1s' })
    ).json().data;
    // 10 ticks 500 ms apart span 5 one-second buckets, two ticks each.
    expect(kline.candles).toHaveLength(5);
    expect(kline.candles.every((c: unknown[]) => c[5] === 2)).toBe(true);
    const minute = (
      await t.app.inject({ url: '/api/v1/market/kline?symbol=BTC/USDT&interval=1Min' })
    ).json().data;
    expect(minute.candles).toHaveLength(1);
    const [, open, high, low, close] = minute.candles[0];
    expect(Number(high)).toBeGreaterThanOrEqual(Math.max(Number(open), Number(close)));
    expect(Number(low)).toBeLessThanOrEqual(Math.min(Number(open), Number(close)));
    // The day's volume is the sum of the ticks' quantities, the same at every interval.
    const sumVolume = (candles: string[][]) =>
      candles.reduce((n, c) => n + BigInt((c[6] ?? '').replace('.', '')), 0n);
    expect(sumVolume(kline.candles)).toBe(sumVolume(minute.candles));
    expect(sumVolume(minute.candles)).toBe(BigInt(btc.volume24h.replace('.', '')));

    // Five seconds without a tick pause the product (no new orders).
    clock.advance(5_001);
    const later = (await t.app.inject({ url: '/api/v1/market/products' })).json().data.items[0];
    expect(later.state).toBe('paused');
  });

  it('verifies the chain, and detects a tampered tick', async () => {
    const ok = (await t.app.inject({ url: '/api/v1/market/chain/verify?symbol=ETH/USDT' })).json()
      .data;
    expect(ok).toMatchObject({ symbol: 'ETH/USDT', ok: true, checked: 10, broken: null });
    expect(ok.first.prevHash).toBe('0'.repeat(64));
    const tamper = sql`update tick set price_minor = price_minor + 1 where id = (select id from tick where symbol = 'ETH/USDT' order by id offset 3 limit 1)`;
    // Ticks are append-only: the application's own connection cannot rewrite one…
    expect(await dbErrorOf(t.database.db.execute(tamper))).toMatch(/append-only/);
    // …a superuser with triggers off can; verification must still catch it.
    await asSuperuser(t.database, tamper);
    const bad = (await t.app.inject({ url: '/api/v1/market/chain/verify?symbol=ETH/USDT' })).json()
      .data;
    expect(bad).toMatchObject({ ok: false, checked: 3, broken: { reason: 'hash' } });
  });

  it('publishes the chain head of each minute', async () => {
    const market = createMarketService({ db: t.database.db, now: nowMs });
    // The ticks so far are before the next minute boundary; publish heads as of that boundary.
    clock.advance(60_000);
    expect(await market.publishHeads()).toBeGreaterThan(0);
    expect(await market.publishHeads()).toBe(0); // once per minute and symbol
    const heads = (await t.app.inject({ url: '/api/v1/market/chain/heads?symbol=BTC/USDT' })).json()
      .data.items;
    expect(heads).toHaveLength(1);
    const chain = (
      await t.app.inject({ url: '/api/v1/market/chain/verify?symbol=BTC/USDT' })
    ).json().data;
    expect(heads[0]).toMatchObject({ tickId: chain.last.id, hash: chain.last.hash });
    expect(heads[0].minuteMs % 60_000).toBe(0);
  });

  it('refuses a second publisher from forking the chain', async () => {
    const market = createMarketService({ db: t.database.db, now: nowMs });
    const a = market.recordTick('SOL/USDT', nowMs(), 180_000n, 3);
    const b = market.recordTick('SOL/USDT', nowMs(), 180_001n, 3);
    const results = await Promise.allSettled([a, b]);
    // On PGlite the two run one after the other and both succeed in order; on PostgreSQL the
    // loser hits the unique (symbol, prev_hash) index. Either way the chain stays linear:
    const verdict = (
      await t.app.inject({ url: '/api/v1/market/chain/verify?symbol=SOL/USDT' })
    ).json().data;
    expect(verdict.ok).toBe(true);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
  });

  it.each([
    ['/api/v1/market/kline?symbol=DOGE/USDT&interval=1s', 404, 4001],
    ['/api/v1/market/kline?symbol=BTC/USDT&interval=2Min', 400, 1000],
    ['/api/v1/market/kline?symbol=btc&interval=1s', 400, 1000],
    ['/api/v1/market/kline?symbol=BTC/USDT&interval=1s&limit=501', 400, 1000],
    ['/api/v1/market/chain/verify?symbol=DOGE/USDT', 404, 4001],
  ])('%s → %i / %i', async (url, status, code) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });
});

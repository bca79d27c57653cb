import { parseScaled, symbolSchema } from '@ampere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import { createMarketService } from './market.service.js';
import { DEFAULT_PRODUCTS, demoProducts, MAX_DEMO_PRODUCTS } from './products.seed.js';
import { createSimulatedFeed } from './simulated-feed.js';

describe('demoProducts', () => {
  it('makes valid, distinct products after the default catalogue', () => {
    const rows = demoProducts(MAX_DEMO_PRODUCTS);
    expect(rows).toHaveLength(MAX_DEMO_PRODUCTS);
    expect(new Set(rows.map((r) => r.symbol)).size).toBe(MAX_DEMO_PRODUCTS);
    const lastDefault = Math.max(...DEFAULT_PRODUCTS.map((p) => p.sortOrder ?? 0));
    for (const row of rows) {
      expect(symbolSchema.safeParse(row.symbol).success).toBe(true);
      // Quoted in USD: the exchange feed follows USDT pairs only.
      expect(row.symbol).toMatch(/^DEMO\d\d\/USD$/);
      expect(row.sortOrder).toBeGreaterThan(lastDefault);
      expect(parseScaled(row.initialPrice, row.priceScale)).toBeGreaterThan(0n);
      expect(row.names['en-US']).toBeTruthy();
    }
    expect(demoProducts(3).map((r) => r.symbol)).toEqual([
      'DEMO01/USD',
      'DEMO02/USD',
      'DEMO03/USD',
    ]);
  });

  it('refuses a count outside 1–99', () => {
    for (const bad of [0, -1, 1.5, MAX_DEMO_PRODUCTS + 1, Number.NaN]) {
      expect(() => demoProducts(bad)).toThrow(RangeError);
    }
  });
});

describe('addDemoProducts', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('adds the missing ones once; the simulated feed ticks and chains them like the others', async () => {
    const market = createMarketService({ db: t.database.db });
    const before = (await market.productsForFeed()).length;
    expect(await market.addDemoProducts(3)).toEqual(['DEMO01/USD', 'DEMO02/USD', 'DEMO03/USD']);
    // Again, and more: only the missing ones are inserted, none twice.
    expect(await market.addDemoProducts(5)).toHaveLength(5);
    expect((await market.productsForFeed()).length).toBe(before + 5);

    const feed = createSimulatedFeed(market);
    for (let i = 0; i < 3; i++) await feed.tickAll();
    for (const symbol of ['DEMO01/USD', 'DEMO05/USD']) {
      const chain = await market.verify(symbol, undefined, 100);
      expect(chain).toMatchObject({ ok: true, checked: 3 });
    }
  });
});

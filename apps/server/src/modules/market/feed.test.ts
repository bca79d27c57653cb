import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import { createTickGate, decimalToScale } from './feed.js';
import { createMarketService } from './market.service.js';

const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);
const quiet = { info: () => undefined, warn: () => undefined };

describe('decimalToScale', () => {
  it('rounds a venue decimal to the product scale', () => {
    expect(decimalToScale('97004.125', 2, 'halfEven')).toBe(9_700_412n);
    expect(decimalToScale('97004.135', 2, 'halfEven')).toBe(9_700_414n);
    expect(decimalToScale('0.123456789', 8, 'trunc')).toBe(12_345_678n);
    expect(decimalToScale('42', 3, 'halfEven')).toBe(42_000n);
  });
  it('refuses anything that is not a plain non-negative decimal', () => {
    for (const bad of ['', '-1', '1e5', '0x10', '1.', '.5', ' 1', 'NaN', '1'.repeat(21)]) {
      expect(decimalToScale(bad, 2, 'halfEven')).toBeUndefined();
    }
  });
});

describe('tick gate', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('conflates ticks that arrive while a write is in flight: newest price, summed quantity', async () => {
    const market = createMarketService({ db: db.database.db, now: () => T0 + 10_000 });
    const gate = createTickGate({ market, log: quiet, maxJumpBps: 500, now: () => T0 });
    await gate.refreshProducts();
    gate.accept({ symbol: 'SOL/USDT', timeMs: T0, price: '180.000', qty: '1' });
    gate.accept({ symbol: 'SOL/USDT', timeMs: T0 + 1, price: '180.100', qty: '2' });
    gate.accept({ symbol: 'SOL/USDT', timeMs: T0 + 2, price: '180.200', qty: '3' });
    gate.accept({ symbol: 'NOPE/USDT', timeMs: T0 + 2, price: '1', qty: '1' });
    await gate.settled();
    // The first write waits on the chain's head, so all three arrive while it is in flight.
    expect(gate.stats).toMatchObject({ published: 1, conflated: 2, rejected: 1 });
    const [candle] = (await market.kline('SOL/USDT', '1Min', undefined, 5))?.candles ?? [];
    expect(candle?.slice(1)).toEqual(['180.200', '180.200', '180.200', '180.200', 1, '6.00000000']);
  });

  it('refuses ticks from the future and ticks that go back in time', async () => {
    const market = createMarketService({ db: db.database.db, now: () => T0 + 10_000 });
    const gate = createTickGate({ market, log: quiet, maxJumpBps: 500, now: () => T0 });
    await gate.refreshProducts();
    gate.accept({ symbol: 'ETH/USDT', timeMs: T0 + 60_000, price: '3400', qty: '1' });
    gate.accept({ symbol: 'ETH/USDT', timeMs: T0, price: '3400', qty: '1' });
    await gate.settled();
    gate.accept({ symbol: 'ETH/USDT', timeMs: T0 - 1, price: '3400', qty: '1' });
    await gate.settled();
    expect(gate.stats).toMatchObject({ published: 1, rejected: 2 });
  });
});

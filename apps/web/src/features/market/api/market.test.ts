import { describe, expect, it, vi } from 'vitest';
import type { Api } from '@ampere/client';
import { decodeCandle, fetchCandles, fetchProducts } from './market';

const PRODUCT = {
  symbol: 'BTC/USDT',
  name: 'Bitcoin',
  category: 'crypto',
  priceScale: 2,
  state: 'open',
  lastPrice: '97000.00',
  lastTime: 1_000,
  changePct: '1.04',
  high: '97500.00',
  low: '95500.00',
  ticks24h: 10,
};

function fakeApi(answer: unknown) {
  const get = vi.fn(() => Promise.resolve(answer));
  return { api: { get } as unknown as Api, get };
}

describe('market api', () => {
  it('lists products with their 24 h open and volume', async () => {
    const { api } = fakeApi({
      items: [{ ...PRODUCT, open24h: '96000.00', volume24h: '12.50000000' }],
    });
    const [product] = await fetchProducts(api);
    expect(product).toMatchObject({ open24h: '96000.00', volume24h: '12.50000000' });
  });

  it('still lists products from a server that sends no 24 h open or volume yet', async () => {
    const { api } = fakeApi({ items: [PRODUCT] });
    const [product] = await fetchProducts(api);
    expect(product).toMatchObject({ symbol: 'BTC/USDT', open24h: null, volume24h: null });
  });

  it('refuses a product list of the wrong shape', async () => {
    const { api } = fakeApi({ items: [{ ...PRODUCT, lastPrice: 97000 }] });
    await expect(fetchProducts(api)).rejects.toThrow();
  });

  it('asks for candles of one symbol and interval, before a time, within the limit', async () => {
    const { api, get } = fakeApi({
      symbol: 'BTC/USDT',
      interval: '1Min',
      candles: [[60_000, '1.00', '2.00', '0.50', '1.50', 3, '0.10000000']],
    });
    const candles = await fetchCandles(api, {
      symbol: 'BTC/USDT',
      interval: '1Min',
      before: 120_000,
      limit: 10_000,
    });
    expect(candles).toEqual([[60_000, '1.00', '2.00', '0.50', '1.50', 3, '0.10000000']]);
    expect(get).toHaveBeenCalledWith('market/kline', {
      query: { symbol: 'BTC/USDT', interval: '1Min', before: 120_000, limit: 500 },
      signal: undefined,
    });
  });

  it('fails loudly on a malformed candle', async () => {
    const { api } = fakeApi({ candles: [[60_000, 1, 2, 0.5, 1.5, 3]] });
    await expect(fetchCandles(api, { symbol: 'BTC/USDT', interval: '1Min' })).rejects.toThrow(
      'candle 0',
    );
  });

  it('decodes candles with and without the volume', () => {
    expect(decodeCandle([1, '1', '1', '1', '1', 0, '2.5'])).toEqual([
      1,
      '1',
      '1',
      '1',
      '1',
      0,
      '2.5',
    ]);
    expect(decodeCandle([1, '1', '1', '1', '1', 0])).toEqual([1, '1', '1', '1', '1', 0, '0']);
    expect(decodeCandle([1, '1', '1', '1', '1'])).toBeUndefined();
    expect(decodeCandle([1.5, '1', '1', '1', '1', 0])).toBeUndefined();
    expect(decodeCandle([1, '1', '1', '1', '1', 0, 2.5])).toBeUndefined();
    expect(decodeCandle({ 0: 1 })).toBeUndefined();
  });
});

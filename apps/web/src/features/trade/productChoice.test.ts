import { describe, expect, it } from 'vitest';
import { createStorage } from '@/lib/storage';
import { TRADE_SYMBOL_STORAGE_KEY, createSymbolChoice, pickProduct } from './productChoice';

function memoryStorage(seed: Record<string, string> = {}) {
  const data = new Map(Object.entries(seed));
  return createStorage({
    backend: () => ({
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => {
        data.set(k, v);
      },
      removeItem: (k) => {
        data.delete(k);
      },
    }),
  });
}

const PRODUCTS = [
  { symbol: 'XAU/USD', state: 'closed' },
  { symbol: 'BTC/USDT', state: 'open' },
  { symbol: 'ETH/USDT', state: 'open' },
] as const;

describe('pickProduct', () => {
  it('keeps the last choice while it is listed', () => {
    expect(pickProduct(PRODUCTS, 'ETH/USDT')?.symbol).toBe('ETH/USDT');
    // Even closed: the tab then says why it cannot be traded, rather than switching silently.
    expect(pickProduct(PRODUCTS, 'XAU/USD')?.symbol).toBe('XAU/USD');
  });

  it('defaults to the first open product, else the first one', () => {
    expect(pickProduct(PRODUCTS, undefined)?.symbol).toBe('BTC/USDT');
    expect(pickProduct(PRODUCTS, 'GONE/USD')?.symbol).toBe('BTC/USDT');
    expect(pickProduct([{ symbol: 'A/B', state: 'paused' }], undefined)?.symbol).toBe('A/B');
    expect(pickProduct<(typeof PRODUCTS)[number]>([], undefined)).toBeUndefined();
  });
});

describe('the remembered symbol', () => {
  it('is kept on the device and announced to watchers', () => {
    const store = memoryStorage();
    const choice = createSymbolChoice(store);
    let calls = 0;
    const off = choice.subscribe(() => {
      calls += 1;
    });
    choice.set('ETH/USDT');
    choice.set('ETH/USDT');
    expect(choice.get()).toBe('ETH/USDT');
    expect(calls).toBe(1);
    off();
    expect(createSymbolChoice(store).get()).toBe('ETH/USDT');
  });

  it('ignores what is not a symbol, stored or set', () => {
    const store = memoryStorage({ [TRADE_SYMBOL_STORAGE_KEY]: JSON.stringify({ v: '<script>' }) });
    const choice = createSymbolChoice(store);
    expect(choice.get()).toBeUndefined();
    choice.set('not a symbol');
    expect(choice.get()).toBeUndefined();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createStorage } from '@/lib/storage';
import type { KeyValueBackend } from '@/lib/storage';
import {
  FAVOURITES_MAX,
  FAVOURITES_STORAGE_KEY,
  createFavourites,
  toFavourites,
} from './favourites';

function memoryBackend(): KeyValueBackend & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

describe('favourites', () => {
  it('toggles a symbol on and off and tells subscribers', () => {
    const store = createFavourites(createStorage({ backend: memoryBackend }));
    const listener = vi.fn();
    store.subscribe(listener);
    store.toggle('BTC/USDT');
    store.toggle('ETH/USDT');
    expect(store.get()).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(store.has('BTC/USDT')).toBe(true);
    store.toggle('BTC/USDT');
    expect(store.get()).toEqual(['ETH/USDT']);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('survives a reload: a new store on the same storage reads them back', () => {
    const backend = memoryBackend();
    createFavourites(createStorage({ backend: () => backend })).toggle('XAU/USD');
    const reloaded = createFavourites(createStorage({ backend: () => backend }));
    expect(reloaded.get()).toEqual(['XAU/USD']);
    expect(backend.data.has(FAVOURITES_STORAGE_KEY)).toBe(true);
  });

  it('keeps the same array between changes (safe for useSyncExternalStore)', () => {
    const store = createFavourites(createStorage({ backend: memoryBackend }));
    expect(store.get()).toBe(store.get());
  });

  it('drops whatever stored value is not a list of symbols, and repeats', () => {
    expect(toFavourites('BTC/USDT')).toBeUndefined();
    expect(toFavourites(['BTC/USDT', 7, 'not a symbol', 'BTC/USDT', 'ETH/USDT'])).toEqual([
      'BTC/USDT',
      'ETH/USDT',
    ]);
    const many = Array.from({ length: FAVOURITES_MAX + 10 }, (_, i) => `S${i}/USD`);
    expect(toFavourites(many)).toHaveLength(FAVOURITES_MAX);
  });
});

import { symbolSchema } from '@ampere/contract';
import { useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';
import type { AppStorage } from '@/lib/storage';

/**
 * The user's favourite products, kept on this device. lib/storage lists the app's other keys;
 * this one belongs to the market feature and lives beside it.
 */
export const FAVOURITES_STORAGE_KEY = 'ampere.favourites';
/** More than any catalogue offers; a bound so a tampered entry cannot grow without limit. */
export const FAVOURITES_MAX = 200;

export interface FavouritesStore {
  /** The symbols, in the order they were added (a stable array between changes). */
  get: () => readonly string[];
  has: (symbol: string) => boolean;
  toggle: (symbol: string) => void;
  subscribe: (listener: () => void) => () => void;
}

/** What was stored, narrowed: valid symbols only, no repeats, at most FAVOURITES_MAX. */
export function toFavourites(stored: unknown): readonly string[] | undefined {
  if (!Array.isArray(stored)) return undefined;
  const symbols = stored.filter(
    (value: unknown): value is string => symbolSchema.safeParse(value).success,
  );
  return [...new Set(symbols)].slice(0, FAVOURITES_MAX);
}

export function createFavourites(store: AppStorage): FavouritesStore {
  let current: readonly string[] = store.get(FAVOURITES_STORAGE_KEY, toFavourites) ?? [];
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    has: (symbol) => current.includes(symbol),
    toggle: (symbol) => {
      const next = current.includes(symbol)
        ? current.filter((s) => s !== symbol)
        : [...current, symbol].slice(-FAVOURITES_MAX);
      current = next;
      store.set(FAVOURITES_STORAGE_KEY, next);
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const favourites: FavouritesStore = createFavourites(storage);

export function useFavourites(store: FavouritesStore = favourites): readonly string[] {
  return useSyncExternalStore(store.subscribe, store.get);
}

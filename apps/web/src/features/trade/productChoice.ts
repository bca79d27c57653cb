import { symbolSchema } from '@ampere/contract';
import type { Product } from '@ampere/contract';
import { useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';
import type { AppStorage } from '@/lib/storage';

/**
 * The product the Trade tab trades, remembered on this device. The product list dialog sets it
 * when it was opened from the Trade tab; lib/storage lists the app's other keys, this one
 * belongs to the trade feature and lives beside it.
 */
export const TRADE_SYMBOL_STORAGE_KEY = 'ampere.tradeSymbol';

export interface SymbolChoice {
  get: () => string | undefined;
  set: (symbol: string) => void;
  subscribe: (listener: () => void) => () => void;
}

const asSymbol = (stored: unknown): string | undefined => symbolSchema.safeParse(stored).data;

export function createSymbolChoice(store: AppStorage): SymbolChoice {
  let current = store.get(TRADE_SYMBOL_STORAGE_KEY, asSymbol);
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (symbol) => {
      if (asSymbol(symbol) === undefined || symbol === current) return;
      current = symbol;
      store.set(TRADE_SYMBOL_STORAGE_KEY, symbol);
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

export const tradeSymbol: SymbolChoice = createSymbolChoice(storage);

export function useTradeSymbol(choice: SymbolChoice = tradeSymbol): string | undefined {
  return useSyncExternalStore(choice.subscribe, choice.get);
}

/**
 * The product on the Trade tab: the one chosen last if it is still listed, else the first open
 * one, else the first one at all (its state then says why nothing can be ordered).
 */
export function pickProduct<P extends Pick<Product, 'symbol' | 'state'>>(
  products: readonly P[],
  remembered: string | undefined,
): P | undefined {
  return (
    products.find((product) => product.symbol === remembered) ??
    products.find((product) => product.state === 'open') ??
    products[0]
  );
}

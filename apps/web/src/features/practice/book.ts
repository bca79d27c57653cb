import type { Book } from '@ampere/contract';
import { useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';
import type { AppStorage } from '@/lib/storage';

/**
 * Which account the Trade tab, product pages and the Asset tab show: real money, or the
 * practice book. Remembered on this device; it belongs to the practice feature and lives
 * beside it (lib/storage lists the app's other keys).
 */
export const BOOK_STORAGE_KEY = 'ampere.book';

const asBook = (stored: unknown): Book | undefined =>
  stored === 'practice' || stored === 'real' ? stored : undefined;

export interface BookChoice {
  get: () => Book;
  set: (book: Book) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createBookChoice(store: AppStorage): BookChoice {
  let current: Book = store.get(BOOK_STORAGE_KEY, asBook) ?? 'real';
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (book) => {
      if (book === current) return;
      current = book;
      store.set(BOOK_STORAGE_KEY, book);
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

export const bookChoice: BookChoice = createBookChoice(storage);

export function useBook(choice: BookChoice = bookChoice): Book {
  return useSyncExternalStore(choice.subscribe, choice.get);
}

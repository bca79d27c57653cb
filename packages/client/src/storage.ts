/** Values in localStorage as JSON, with optional expiry; a memory fallback where it fails. */

/** The subset of the Web Storage API we use, so tests can pass a plain object. */
export type KeyValueBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StorageOptions {
  /** Defaults to window.localStorage, looked up on first use. */
  backend?: () => KeyValueBackend | undefined;
  now?: () => number;
}

export interface AppStorage {
  /**
   * Reads a value. `validate` narrows what was stored (it may come from an older app version);
   * without it the caller vouches for the type.
   */
  get<T>(key: string, validate?: (stored: unknown) => T | undefined): T | undefined;
  /** Stores a JSON value; `ttlS` makes it expire. Storing undefined removes the key. */
  set(key: string, value: unknown, ttlS?: number): void;
  remove(key: string): void;
  /** Replaces the clock, for tests. */
  setNow(now: () => number): void;
}

interface Entry {
  v: unknown;
  /** Expiry in epoch milliseconds. */
  e?: number;
}

function decodeEntry(raw: string): Entry | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('v' in parsed)) return undefined;
  const e = 'e' in parsed ? parsed.e : undefined;
  if (e !== undefined && typeof e !== 'number') return undefined;
  return e === undefined ? { v: parsed.v } : { v: parsed.v, e };
}

function browserLocalStorage(): KeyValueBackend | undefined {
  // Reading window.localStorage itself throws in sandboxed frames and some private modes.
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function createStorage(options: StorageOptions = {}): AppStorage {
  let now = options.now ?? Date.now;
  let backend: KeyValueBackend | undefined | null = null;
  // Entries that could not be persisted (no localStorage, quota exceeded) live here for the
  // session, and shadow the backend so a failed write never resurrects an older value.
  const memory = new Map<string, string>();

  const getBackend = (): KeyValueBackend | undefined => {
    backend ??= (options.backend ?? browserLocalStorage)();
    return backend;
  };

  const readRaw = (key: string): string | null | undefined => {
    if (memory.has(key)) return memory.get(key);
    try {
      return getBackend()?.getItem(key);
    } catch {
      return undefined;
    }
  };

  /** True when the value reached the backend. */
  const writeRaw = (key: string, raw: string): boolean => {
    try {
      const target = getBackend();
      target?.setItem(key, raw);
      return target !== undefined;
    } catch {
      return false;
    }
  };

  const remove = (key: string): void => {
    memory.delete(key);
    try {
      getBackend()?.removeItem(key);
    } catch {
      // Nothing was persisted if the backend cannot even be written; memory is already clear.
    }
  };

  return {
    get<T>(key: string, validate?: (stored: unknown) => T | undefined): T | undefined {
      const raw = readRaw(key);
      if (raw === null || raw === undefined) return undefined;
      const entry = decodeEntry(raw);
      if (entry === undefined || (entry.e !== undefined && entry.e <= now())) {
        remove(key);
        return undefined;
      }
      return validate ? validate(entry.v) : (entry.v as T);
    },
    set(key, value, ttlS) {
      if (value === undefined) {
        remove(key);
        return;
      }
      if (ttlS !== undefined && !(Number.isFinite(ttlS) && ttlS > 0)) {
        throw new RangeError('ttlS must be a positive number of seconds');
      }
      const entry: Entry = ttlS === undefined ? { v: value } : { v: value, e: now() + ttlS * 1000 };
      const raw = JSON.stringify(entry);
      if (writeRaw(key, raw)) memory.delete(key);
      else memory.set(key, raw);
    },
    remove,
    setNow(next) {
      now = next;
    },
  };
}

import { INVITE_CODE_TTL_S } from './constants';

/** Every key the app keeps in localStorage, in one place so none collide or go stale. */
export const STORAGE_KEYS = {
  token: 'ampere.token',
  user: 'ampere.user',
  locale: 'ampere.locale',
  theme: 'ampere.theme',
  primaryColor: 'ampere.primaryColor',
  inviteCode: 'ampere.inviteCode',
  config: 'ampere.config',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

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

/** The app-wide store on localStorage. */
export const storage: AppStorage = createStorage();

/** Invite codes are short tokens; anything else in `i` is not ours and is ignored. */
const INVITE_CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reads the invite code from launch query parameter `i` (SPEC §3, §9) and keeps it for a day so
 * it survives the detour through login to registration. Accepts "?i=X", "i=X", or a hash route
 * such as "#/app/pages/user/register?i=X" (in hash routing the query sits after the hash).
 */
export function captureInviteCode(search: string, store: AppStorage = storage): string | undefined {
  const queryStart = search.indexOf('?');
  const query = queryStart === -1 ? search : search.slice(queryStart + 1);
  const code = new URLSearchParams(query).get('i')?.trim();
  if (code === undefined || !INVITE_CODE_RE.test(code)) return undefined;
  store.set(STORAGE_KEYS.inviteCode, code, INVITE_CODE_TTL_S);
  return code;
}

export function getInviteCode(store: AppStorage = storage): string | undefined {
  return store.get(STORAGE_KEYS.inviteCode, (v) => (typeof v === 'string' ? v : undefined));
}

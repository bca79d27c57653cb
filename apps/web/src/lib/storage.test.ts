import { beforeEach, describe, expect, it } from 'vitest';
import type { KeyValueBackend } from './storage';
import { STORAGE_KEYS, captureInviteCode, createStorage, getInviteCode, storage } from './storage';

/** A real in-memory Web Storage stand-in that can be told to fail. */
function memoryBackend(failWrites = false): KeyValueBackend & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      if (failWrites) throw new DOMException('quota', 'QuotaExceededError');
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

describe('createStorage', () => {
  let clockMs = 1_000_000;
  const now = () => clockMs;
  beforeEach(() => {
    clockMs = 1_000_000;
  });

  it('round-trips JSON values', () => {
    const backend = memoryBackend();
    const store = createStorage({ backend: () => backend, now });
    store.set('k', { a: 1, b: ['x'] });
    expect(store.get('k')).toEqual({ a: 1, b: ['x'] });
    expect(JSON.parse(backend.data.get('k') ?? '')).toEqual({ v: { a: 1, b: ['x'] } });
    store.remove('k');
    expect(store.get('k')).toBeUndefined();
    expect(backend.data.has('k')).toBe(false);
  });

  it('expires entries after ttlS and removes them on read', () => {
    const backend = memoryBackend();
    const store = createStorage({ backend: () => backend, now });
    store.set('k', 'v', 10);
    clockMs += 9_999;
    expect(store.get('k')).toBe('v');
    clockMs += 1;
    expect(store.get('k')).toBeUndefined();
    expect(backend.data.has('k')).toBe(false);
  });

  it('lets the clock be swapped through setNow', () => {
    const store = createStorage({ backend: () => memoryBackend(), now });
    store.set('k', 1, 1);
    store.setNow(() => clockMs + 1000);
    expect(store.get('k')).toBeUndefined();
  });

  it('treats corrupt entries as absent and cleans them up', () => {
    const backend = memoryBackend();
    backend.data.set('bad', '{not json');
    backend.data.set('shape', '"plain string"');
    backend.data.set('expiry', '{"v":1,"e":"soon"}');
    const store = createStorage({ backend: () => backend, now });
    expect(store.get('bad')).toBeUndefined();
    expect(store.get('shape')).toBeUndefined();
    expect(store.get('expiry')).toBeUndefined();
    expect(backend.data.size).toBe(0);
  });

  it('applies a validator to what was stored', () => {
    const store = createStorage({ backend: () => memoryBackend(), now });
    store.set('n', 'not a number');
    const asNumber = (v: unknown) => (typeof v === 'number' ? v : undefined);
    expect(store.get('n', asNumber)).toBeUndefined();
    store.set('n', 7);
    expect(store.get('n', asNumber)).toBe(7);
  });

  it('storing undefined removes; a bad ttl is a bug', () => {
    const store = createStorage({ backend: () => memoryBackend(), now });
    store.set('k', 1);
    store.set('k', undefined);
    expect(store.get('k')).toBeUndefined();
    expect(() => {
      store.set('k', 1, 0);
    }).toThrow(RangeError);
    expect(() => {
      store.set('k', 1, Number.NaN);
    }).toThrow(RangeError);
  });

  it('falls back to memory when localStorage is missing', () => {
    const store = createStorage({ backend: () => undefined, now });
    store.set('k', 'v', 5);
    expect(store.get('k')).toBe('v');
    clockMs += 5000;
    expect(store.get('k')).toBeUndefined();
  });

  it('falls back to memory when writes throw, shadowing the stale stored value', () => {
    const backend = memoryBackend(true);
    backend.data.set('k', JSON.stringify({ v: 'old' }));
    const store = createStorage({ backend: () => backend, now });
    store.set('k', 'new');
    expect(store.get('k')).toBe('new');
    store.remove('k');
    expect(store.get('k')).toBeUndefined();
  });

  it('survives a backend whose every call throws', () => {
    const throwing: KeyValueBackend = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createStorage({ backend: () => throwing, now });
    store.set('k', 1);
    expect(store.get('k')).toBe(1);
    store.remove('k');
    expect(store.get('k')).toBeUndefined();
  });

  it('uses window.localStorage by default', () => {
    storage.set('ampere.test', 42);
    expect(window.localStorage.getItem('ampere.test')).toBe('{"v":42}');
    expect(storage.get('ampere.test')).toBe(42);
    storage.remove('ampere.test');
    expect(window.localStorage.getItem('ampere.test')).toBeNull();
  });
});

describe('invite code', () => {
  let clockMs = 0;
  const store = createStorage({ backend: () => memoryBackend(), now: () => clockMs });
  beforeEach(() => {
    clockMs = 0;
    store.remove(STORAGE_KEYS.inviteCode);
  });

  it.each(['?i=AB12', 'i=AB12', '?x=1&i=AB12', '#/app/pages/user/register?i=AB12'])(
    'captures it from %j and keeps it for a day',
    (search) => {
      expect(captureInviteCode(search, store)).toBe('AB12');
      clockMs += 86_400_000 - 1;
      expect(getInviteCode(store)).toBe('AB12');
      clockMs += 1;
      expect(getInviteCode(store)).toBeUndefined();
    },
  );

  it('ignores a missing, empty or malformed code and keeps the earlier one', () => {
    captureInviteCode('?i=FIRST', store);
    expect(captureInviteCode('', store)).toBeUndefined();
    expect(captureInviteCode('?i=', store)).toBeUndefined();
    expect(captureInviteCode('?i=%3Cscript%3E', store)).toBeUndefined();
    expect(getInviteCode(store)).toBe('FIRST');
  });
});

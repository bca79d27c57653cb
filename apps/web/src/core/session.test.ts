import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import {
  clearSession,
  getSession,
  markAccountDisabled,
  replaceToken,
  setSession,
  toSessionUser,
} from './session';

afterEach(clearSession);

describe('toSessionUser', () => {
  it('keeps only the fields the app reads', () => {
    expect(
      toSessionUser({
        username: 'alice',
        uid: 7,
        status: 1,
        level: 'premium',
        fundPassword: true,
        password: 'x',
        extra: {},
      }),
    ).toEqual({ username: 'alice', uid: 7, status: 1, level: 'premium', fundPassword: true });
  });

  it('refuses anything without a username', () => {
    expect(toSessionUser({ username: '' })).toBeUndefined();
    expect(toSessionUser({ uid: 7 })).toBeUndefined();
    expect(toSessionUser('alice')).toBeUndefined();
    expect(toSessionUser(null)).toBeUndefined();
  });

  it('drops fields of the wrong type instead of trusting them', () => {
    expect(toSessionUser({ username: 'bob', status: '0', level: 2, fundPassword: 'yes' })).toEqual({
      username: 'bob',
      uid: undefined,
      status: undefined,
      level: undefined,
      fundPassword: undefined,
    });
  });
});

describe('session store', () => {
  it('is signed in with a token and a user, and stores both', () => {
    setSession('t1', { username: 'alice' });
    expect(getSession()).toEqual({ token: 't1', user: { username: 'alice' }, isLogin: true });
    expect(storage.get(STORAGE_KEYS.token)).toBe('t1');
    expect(storage.get(STORAGE_KEYS.user)).toEqual({ username: 'alice' });
  });

  it('takes a rotated token and keeps the user', () => {
    setSession('t1', { username: 'alice' });
    replaceToken('t2');
    expect(getSession()).toMatchObject({ token: 't2', user: { username: 'alice' }, isLogin: true });
  });

  it('forgets both on clear', () => {
    setSession('t1', { username: 'alice' });
    clearSession();
    expect(getSession().isLogin).toBe(false);
    expect(storage.get(STORAGE_KEYS.token)).toBeUndefined();
    expect(storage.get(STORAGE_KEYS.user)).toBeUndefined();
  });
});

describe('a disabled account (SPEC §4)', () => {
  it('keeps the user with status 0 and drops the revoked token', () => {
    setSession('tok', { username: 'alice', uid: 7, status: 1 });
    markAccountDisabled();
    expect(getSession()).toEqual({
      token: undefined,
      user: { username: 'alice', uid: 7, status: 0 },
      isLogin: false,
    });
    // Across a reload too: the app keeps sending the user to Black_run.
    expect(storage.get(STORAGE_KEYS.user, toSessionUser)?.status).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('does nothing without a user', () => {
    markAccountDisabled();
    expect(getSession().user).toBeUndefined();
  });
});

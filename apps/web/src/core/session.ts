import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from '@/lib/storage';

/**
 * The signed-in session (SPEC §3, §4): a token and the user the server returned at login, both
 * kept in storage so a reload stays signed in. Signed in means both are present and the user
 * has a username.
 */
export interface SessionUser {
  username: string;
  uid?: string | number;
  /** 0 means the account is disabled: the app sends the user to config.Black_run. */
  status?: number;
  /** Member level name: ordinary, junior, intermediate or premium (SPEC §1). */
  level?: string;
  /** Whether a fund password is set (SPEC §3). */
  fundPassword?: boolean;
}

export interface Session {
  token: string | undefined;
  user: SessionUser | undefined;
  isLogin: boolean;
}

const optional = <T>(value: unknown, is: (v: unknown) => v is T): T | undefined =>
  is(value) ? value : undefined;
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isId = (v: unknown): v is string | number => isString(v) || isNumber(v);
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/**
 * Narrows an untrusted value (stored by an older version, or a login response) to a user. Only
 * the fields the app reads are kept, so nothing else the server sends is persisted by accident.
 */
export function toSessionUser(value: unknown): SessionUser | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const username = record.username;
  if (!isString(username) || username === '') return undefined;
  return {
    username,
    uid: optional(record.uid, isId),
    status: optional(record.status, isNumber),
    level: optional(record.level, isString),
    fundPassword: optional(record.fundPassword, isBoolean),
  };
}

const toToken = (value: unknown): string | undefined =>
  isString(value) && value !== '' ? value : undefined;

function snapshot(token: string | undefined, user: SessionUser | undefined): Session {
  return { token, user, isLogin: token !== undefined && user !== undefined };
}

function readStored(): Session {
  return snapshot(
    storage.get(STORAGE_KEYS.token, toToken),
    storage.get(STORAGE_KEYS.user, toSessionUser),
  );
}

let current = readStored();
const listeners = new Set<() => void>();

function publish(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return current;
}

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setSession(token: string, user: SessionUser): void {
  storage.set(STORAGE_KEYS.token, token);
  storage.set(STORAGE_KEYS.user, user);
  publish(snapshot(token, user));
}

/** The server rotated the token (Authorization response header); the user stays the same. */
export function replaceToken(token: string): void {
  storage.set(STORAGE_KEYS.token, token);
  publish(snapshot(token, current.user));
}

/** The signed-in user changed (e.g. set a fund password); the token stays. */
export function updateSessionUser(user: SessionUser): void {
  storage.set(STORAGE_KEYS.user, user);
  publish(snapshot(current.token, user));
}

/**
 * SPEC §4: the server says the account is disabled (2004). The user stays stored with status 0,
 * so the app sends them to config `Black_run` on every navigation until someone signs in again;
 * the token, which the server already revoked, goes.
 */
export function markAccountDisabled(): void {
  const { user } = current;
  if (user === undefined) return;
  const disabled: SessionUser = { ...user, status: 0 };
  storage.remove(STORAGE_KEYS.token);
  storage.set(STORAGE_KEYS.user, disabled);
  publish(snapshot(undefined, disabled));
}

export function clearSession(): void {
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.user);
  publish(snapshot(undefined, undefined));
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}

// Signing out in one tab signs out every tab: the others hear about it through storage events.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
    publish(readStored());
  }
});

import type { Bus } from './bus.js';
import { CLOSE, type Connection } from './hub.js';

/** The bus channel revocations travel on, so every node closes its own sockets. */
export const SESSION_REVOKED_CHANNEL = 'session.revoked';

/** A revocation on the wire: ids as decimal strings; every session of the user without `sessionIds`. */
export interface RevokedMessage {
  userId: string;
  sessionIds?: string[];
}

/** setTimeout's longest delay (≈ 24.8 days); a later expiry is re-checked then. */
const MAX_TIMER_MS = 2_147_483_647;

interface Entry {
  connection: Connection;
  sessionId: string;
  timer?: NodeJS.Timeout;
}

function isRevokedMessage(data: unknown): data is RevokedMessage {
  if (typeof data !== 'object' || data === null || !('userId' in data)) return false;
  if (typeof data.userId !== 'string') return false;
  if (!('sessionIds' in data) || data.sessionIds === undefined) return true;
  return Array.isArray(data.sessionIds) && data.sessionIds.every((id) => typeof id === 'string');
}

/**
 * The signed-in sockets of this process, by user. A socket's session ending closes it within a
 * moment, whichever node ended it: revocations (logout, password change or recovery, account
 * disabled) arrive over the bus; expiry is a timer at the session's expiry, re-checked against
 * the database when it fires because sliding expiry may have moved it.
 */
export function createSessionSockets(deps: {
  bus: Bus;
  /** When the session ends unless used again; undefined when it is no longer live. */
  sessionExpiry: (sessionId: bigint) => Promise<Date | undefined>;
  log: { warn(obj: object, msg: string): void };
}) {
  const byUser = new Map<string, Set<Entry>>();

  const end = (entry: Entry) => {
    clearTimeout(entry.timer);
    entry.connection.end(CLOSE.SESSION_ENDED, 'session ended');
  };

  const off = deps.bus.subscribe(SESSION_REVOKED_CHANNEL, (data) => {
    if (!isRevokedMessage(data)) return;
    const entries = byUser.get(data.userId);
    if (!entries) return;
    const only = data.sessionIds ? new Set(data.sessionIds) : undefined;
    for (const entry of entries) if (!only || only.has(entry.sessionId)) end(entry);
  });

  async function watchExpiry(entry: Entry, entries: Set<Entry>): Promise<void> {
    let expiresAt: Date | undefined;
    try {
      expiresAt = await deps.sessionExpiry(BigInt(entry.sessionId));
    } catch (error) {
      // The database did not answer: look again shortly rather than guess either way.
      deps.log.warn({ err: error }, 'socket session check failed');
      expiresAt = new Date(Date.now() + 5_000);
    }
    if (!entries.has(entry)) return; // closed meanwhile
    if (!expiresAt) {
      end(entry);
      return;
    }
    const delayMs = Math.min(MAX_TIMER_MS, Math.max(0, expiresAt.getTime() - Date.now()));
    entry.timer = setTimeout(() => void watchExpiry(entry, entries), delayMs);
    entry.timer.unref();
  }

  return {
    /** Follows `connection` until its session ends; returns what to call when it closes. */
    add(connection: Connection, userId: bigint, sessionId: bigint): () => void {
      const key = userId.toString();
      const entries = byUser.get(key) ?? new Set<Entry>();
      byUser.set(key, entries);
      const entry: Entry = { connection, sessionId: sessionId.toString() };
      entries.add(entry);
      void watchExpiry(entry, entries);
      return () => {
        clearTimeout(entry.timer);
        entries.delete(entry);
        if (entries.size === 0) byUser.delete(key);
      };
    },
    close(): void {
      off();
      for (const entries of byUser.values()) for (const e of entries) clearTimeout(e.timer);
      byUser.clear();
    },
  };
}

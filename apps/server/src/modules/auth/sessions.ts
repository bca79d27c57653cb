import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { createAuthRepository, type LiveSession, type SessionWithUser } from './auth.repository.js';
import {
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SESSION_ROTATE_AFTER_MS,
  SESSION_ROTATION_GRACE_MS,
  SESSION_TOUCH_EVERY_MS,
} from './auth.rules.js';
import type { ClientContext } from './security-events.js';
import { hashToken, newSessionToken } from './tokens.js';
import { USER_STATUS, type UserRow } from './users.js';

export type { LiveSession } from './auth.repository.js';

/** A bearer token's hash and the time to check its session at. */
export interface SessionProbe {
  tokenHash: string;
  at: Date;
}

export interface Authenticated {
  user: UserRow;
  sessionId: bigint;
  /** Set when the token was rotated: the client must use this one from now on. */
  newToken?: string;
}

/**
 * Sessions that just ended: those named, or every session of the user when `sessionIds` is
 * absent. Told after the change is committed, so that open sockets of those sessions close
 * (modules/realtime, on every node through the bus).
 */
export interface SessionRevocation {
  userId: bigint;
  sessionIds?: bigint[];
}

const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);

/**
 * Users' sessions: opaque tokens stored as hashes, sliding expiry capped at a maximum age,
 * rotation with a grace period for requests in flight (docs/accounts.md).
 */
export function createUserSessions(deps: {
  db: Db;
  now: () => Date;
  revoked: (revocation: SessionRevocation) => void;
}) {
  const { db, now, revoked } = deps;

  /**
   * Keeps a live session alive at `t`: rotates a current token older than the rotation age
   * (returns the new token; the old one stays valid for the grace period), or else slides the
   * expiry once per touch interval.
   */
  async function keep(
    session: LiveSession,
    tokenHash: string,
    t: Date,
  ): Promise<string | undefined> {
    const repo = createAuthRepository(db);
    const expiresAt = new Date(
      Math.min(t.getTime() + SESSION_IDLE_MS, session.createdAt.getTime() + SESSION_MAX_MS),
    );
    const isCurrent = session.tokenHash === tokenHash;
    if (isCurrent && t.getTime() - session.rotatedAt.getTime() >= SESSION_ROTATE_AFTER_MS) {
      const newToken = newSessionToken();
      const rotated = await repo.rotateSession(
        session.id,
        tokenHash,
        hashToken(newToken),
        t,
        addMs(t, SESSION_ROTATION_GRACE_MS),
        expiresAt,
      );
      return rotated ? newToken : undefined;
    }
    if (t.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_EVERY_MS)
      await repo.touchSession(session.id, t, expiresAt);
    return undefined;
  }

  /**
   * The live session a token hash names, with its user; undefined for none. A disabled
   * account's sessions are all revoked here, and the answer is ACCOUNT_DISABLED — also for a
   * token whose session ended when staff disabled the account (SPEC §4: the app sends its
   * holder to Black_run instead of back to sign in).
   */
  async function live(tokenHash: string, t: Date): Promise<SessionWithUser | undefined> {
    const repo = createAuthRepository(db);
    const found = await repo.findSession(tokenHash, t);
    if (!found) {
      if (await repo.ownerDisabled(tokenHash)) throw new AppError('ACCOUNT_DISABLED');
      return undefined;
    }
    if (found.user.status === USER_STATUS.DISABLED) {
      await repo.revokeAllSessions(found.user.id, t);
      revoked({ userId: found.user.id });
      throw new AppError('ACCOUNT_DISABLED');
    }
    return found;
  }

  return {
    /** Opens a session for `userId` inside `tx`; returns its token (shown once, never stored). */
    open: async (tx: Db, userId: bigint, ctx: ClientContext): Promise<string> => {
      const token = newSessionToken();
      const t = now();
      await createAuthRepository(tx).insertSession({
        userId,
        tokenHash: hashToken(token),
        createdAt: t,
        rotatedAt: t,
        lastSeenAt: t,
        expiresAt: addMs(t, SESSION_IDLE_MS),
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 256) ?? null,
      });
      return token;
    },

    /**
     * Resolves a bearer token to its user. Slides the expiry, and rotates a token older than
     * the rotation age (the new one goes back in the Authorization header).
     */
    authenticate: async (token: string): Promise<Authenticated | undefined> => {
      const t = now();
      const tokenHash = hashToken(token);
      const found = await live(tokenHash, t);
      if (!found) return undefined;
      const { session, user } = found;
      const newToken = await keep(session, tokenHash, t);
      return newToken ? { user, sessionId: session.id, newToken } : { user, sessionId: session.id };
    },

    /**
     * The live session a token names, without keeping it alive: a socket cannot carry a
     * rotated token back to the client, so rotating here would strand the client's token.
     * Undefined for none; ACCOUNT_DISABLED for a disabled account (its sessions revoked).
     */
    sessionOf: async (
      token: string,
    ): Promise<{ userId: bigint; sessionId: bigint } | undefined> => {
      const found = await live(hashToken(token), now());
      return found ? { userId: found.user.id, sessionId: found.session.id } : undefined;
    },

    /**
     * Signed-in work whose own statement checks the session, so that the check and the work
     * are one round trip (POST user/buy: trade_open_session reads `session_live`). `work` gets
     * the token's hash and the time, and returns the live session it found with its result, or
     * undefined when the token names no live session of an enabled account (nothing done).
     * The session is then looked up as `authenticate` does: none (401) or ACCOUNT_DISABLED;
     * should it be found after all, the work is tried once more. A refusal from `work` gets
     * the same check first. After the work, the session is kept alive as by `authenticate`
     * (sliding expiry, rotation); a refused request leaves it as it was.
     */
    inSessionStatement: async <T>(
      token: string,
      work: (probe: SessionProbe) => Promise<{ session: LiveSession; value: T } | undefined>,
    ): Promise<{ value: T; newToken?: string } | undefined> => {
      const tokenHash = hashToken(token);
      for (let attempt = 0; attempt < 2; attempt++) {
        const at = now();
        let done: Awaited<ReturnType<typeof work>>;
        try {
          done = await work({ tokenHash, at });
        } catch (error) {
          // A refusal may come before the session was checked (the request's own faults): to
          // a token that names no session, the answer is 401 first, as from requireUser. The
          // session is only checked here, not kept alive: a token rotated now would be lost
          // with the refusal.
          if (error instanceof AppError && !(await live(tokenHash, now()))) return undefined;
          throw error;
        }
        if (done) {
          const newToken = await keep(done.session, tokenHash, at);
          return newToken ? { value: done.value, newToken } : { value: done.value };
        }
        if (attempt === 0 && !(await live(tokenHash, now()))) return undefined;
      }
      return undefined;
    },

    /** Ends one session now (sign-out); its sockets close. */
    end: async (userId: bigint, sessionId: bigint): Promise<void> => {
      await createAuthRepository(db).revokeSession(sessionId, now());
      revoked({ userId, sessionIds: [sessionId] });
    },

    /** Ends every session of `userId` inside `tx`; tell `revoked` once `tx` commits. */
    endAll: (tx: Db, userId: bigint) => createAuthRepository(tx).revokeAllSessions(userId, now()),

    /** When session `sessionId` ends unless used again; undefined when it is no longer live. */
    expiry: (sessionId: bigint) => createAuthRepository(db).liveSessionExpiry(sessionId, now()),
  };
}

export type UserSessions = ReturnType<typeof createUserSessions>;

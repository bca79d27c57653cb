import { randomInt } from 'node:crypto';
import {
  LEVELS,
  type FindPasswordRequest,
  type FundPasswordChange,
  type LoginHistory,
  type LoginRequest,
  type LoginResponse,
  type PasswordChange,
  type RegisterRequest,
  type SessionUser,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  createAccountRepository,
  violatedUniqueConstraint,
  type UserRow,
} from '../account/account.repository.js';
import { USER_STATUS } from '../account/account.schema.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { createAuthRepository, type LiveSession, type SessionWithUser } from './auth.repository.js';
import {
  ACCOUNT_THROTTLE,
  FUND_PASSWORD_LOCK_AFTER,
  FUND_PASSWORD_LOCK_MS,
  IP_THROTTLE,
  KNOWN_ADDRESS_MS,
  PAIR_THROTTLE,
  registerThrottle,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SESSION_ROTATE_AFTER_MS,
  SESSION_ROTATION_GRACE_MS,
  SESSION_TOUCH_EVERY_MS,
  THROTTLE_WINDOW_MS,
  throttleWaitMs,
  type ThrottleRule,
} from './auth.rules.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import { hashToken, newSessionToken } from './tokens.js';

export interface ClientContext {
  ip: string;
  userAgent: string | undefined;
}

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

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITE_LENGTH = 8;
const UID_MIN = 10_000_000;
const UID_MAX = 100_000_000;
const INSERT_RETRIES = 5;
const LOGIN_HISTORY_LIMIT = 20;

function newInviteCode(): string {
  return Array.from(
    { length: INVITE_LENGTH },
    () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)],
  ).join('');
}

export function sessionUser(user: UserRow): SessionUser {
  return {
    uid: Number(user.uid),
    username: user.username,
    status: user.status,
    level: LEVELS[user.level] ?? 'ordinary',
    fundPassword: user.fundPasswordHash !== null,
  };
}

const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);
const nameKey = (username: string) => username.trim().toLowerCase();

interface Scope {
  scope: string;
  rule: ThrottleRule;
}

/**
 * The throttles a sign-in (`login`) or recovery (`recover`) attempt counts against: the account
 * name at this address; the account name anywhere, unless this address signed in to it before
 * (the owner is never held by strangers' failures); this address across accounts.
 */
function guessScopes(kind: 'login' | 'recover', username: string, ip: string, known: boolean) {
  const name = nameKey(username);
  const pair = `${kind}:${name}@${ip}`;
  const scopes: Scope[] = [
    { scope: pair, rule: PAIR_THROTTLE },
    { scope: `ip:${ip}`, rule: IP_THROTTLE },
  ];
  if (!known) scopes.push({ scope: `${kind}:${name}`, rule: ACCOUNT_THROTTLE });
  return { pair, scopes };
}

export function createAuthService(deps: {
  db: Db;
  ledger: LedgerService;
  now?: () => Date;
  /** Told of every revocation once it is committed. */
  onRevoked?: (revocation: SessionRevocation) => void;
  /** New accounts an address may open an hour before it is slowed (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const { db } = deps;
  const revoked = (revocation: SessionRevocation) => deps.onRevoked?.(revocation);
  const registerRule = registerThrottle(deps.registrationsPerHour);

  /** Refuses with TOO_MANY_ATTEMPTS when any scope is still waiting. */
  async function checkThrottle(scopes: Scope[]) {
    const t = now();
    const rows = await createAuthRepository(db).throttleRows(scopes.map((s) => s.scope));
    let waitMs = 0;
    for (const row of rows) {
      const rule = scopes.find((s) => s.scope === row.scope)?.rule ?? PAIR_THROTTLE;
      waitMs = Math.max(
        waitMs,
        throttleWaitMs(rule, row.failures, row.lastFailureAt, row.windowStartedAt, t),
      );
    }
    if (waitMs > 0) {
      const retryAfterS = Math.ceil(waitMs / 1000);
      throw new AppError('TOO_MANY_ATTEMPTS', { waitS: retryAfterS }, { retryAfterS });
    }
  }

  /** Whether `ip` signed in to `userId` lately: then it is one of the owner's addresses. */
  async function knownAddress(userId: bigint | undefined, ip: string): Promise<boolean> {
    if (userId === undefined) return false;
    return createAuthRepository(db).signedInFrom(userId, ip, addMs(now(), -KNOWN_ADDRESS_MS));
  }

  async function recordFailures(scopes: string[]) {
    const t = now();
    const repo = createAuthRepository(db);
    for (const scope of scopes) await repo.recordFailure(scope, t, addMs(t, -THROTTLE_WINDOW_MS));
  }

  async function openSession(tx: Db, userId: bigint, ctx: ClientContext): Promise<string> {
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
  }

  const event = (
    tx: Db,
    userId: bigint | null,
    kind: string,
    ctx: ClientContext | undefined,
    detail: Record<string, unknown> = {},
  ) =>
    createAuthRepository(tx).recordEvent({
      userId,
      kind,
      ip: ctx?.ip ?? null,
      userAgent: ctx?.userAgent?.slice(0, 256) ?? null,
      detail,
      createdAt: now(),
    });

  /** Checks a fund password, counting failures and locking after five in a row. */
  async function checkFundPassword(user: UserRow, password: string): Promise<void> {
    if (!user.fundPasswordHash) throw new AppError('FUND_PASSWORD_NOT_SET');
    const t = now();
    if (user.fundPasswordLockedUntil && user.fundPasswordLockedUntil > t) {
      const retryAfterS = Math.ceil((user.fundPasswordLockedUntil.getTime() - t.getTime()) / 1000);
      throw new AppError('FUND_PASSWORD_LOCKED', { waitS: retryAfterS }, { retryAfterS });
    }
    const repo = createAuthRepository(db);
    if (await verifyPassword(password, user.fundPasswordHash)) {
      if (user.fundPasswordFailures > 0) await repo.fundPasswordSucceeded(user.id);
      return;
    }
    const failures = await repo.fundPasswordFailed(
      user.id,
      FUND_PASSWORD_LOCK_AFTER,
      addMs(t, FUND_PASSWORD_LOCK_MS),
    );
    await event(db, user.id, 'fund_password_failure', undefined, { failures });
    if (failures >= FUND_PASSWORD_LOCK_AFTER) {
      const retryAfterS = FUND_PASSWORD_LOCK_MS / 1000;
      throw new AppError('FUND_PASSWORD_LOCKED', { waitS: retryAfterS }, { retryAfterS });
    }
    const remaining = FUND_PASSWORD_LOCK_AFTER - failures;
    throw new AppError('FUND_PASSWORD_WRONG', { remaining }, { remaining });
  }

  /**
   * Keeps a live session alive at `t`: rotates a current token older than the rotation age
   * (returns the new token; the old one stays valid for the grace period), or else slides the
   * expiry once per touch interval.
   */
  async function keepSession(
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
   * account's sessions are all revoked here, and the answer is ACCOUNT_DISABLED.
   */
  async function liveSession(tokenHash: string, t: Date): Promise<SessionWithUser | undefined> {
    const repo = createAuthRepository(db);
    const found = await repo.findSession(tokenHash, t);
    if (!found) return undefined;
    if (found.user.status === USER_STATUS.DISABLED) {
      await repo.revokeAllSessions(found.user.id, t);
      revoked({ userId: found.user.id });
      throw new AppError('ACCOUNT_DISABLED');
    }
    return found;
  }

  /**
   * Resolves a bearer token to its user. Slides the expiry, and rotates a token older than
   * the rotation age (the new one goes back in the Authorization header).
   */
  async function authenticate(token: string): Promise<Authenticated | undefined> {
    const t = now();
    const tokenHash = hashToken(token);
    const found = await liveSession(tokenHash, t);
    if (!found) return undefined;
    const { session, user } = found;
    const newToken = await keepSession(session, tokenHash, t);
    return newToken ? { user, sessionId: session.id, newToken } : { user, sessionId: session.id };
  }

  return {
    async register(req: RegisterRequest, ctx: ClientContext): Promise<LoginResponse> {
      const registrations = { scope: `register:${ctx.ip}`, rule: registerRule };
      await checkThrottle([registrations]);
      const accounts = createAccountRepository(db);
      const referrer = req.invite_code
        ? await accounts.findByInviteCode(req.invite_code)
        : undefined;
      if (req.invite_code && !referrer) throw new AppError('INVITE_CODE_UNKNOWN');
      if (await accounts.findByUsername(req.username)) throw new AppError('USERNAME_TAKEN');
      const passwordHash = await hashPassword(req.password);
      for (let attempt = 0; ; attempt++) {
        try {
          const created = await db.transaction(async (tx) => {
            const user = await createAccountRepository(tx).insert({
              uid: BigInt(randomInt(UID_MIN, UID_MAX)),
              username: req.username,
              passwordHash,
              inviteCode: newInviteCode(),
              referrerId: referrer?.id ?? null,
            });
            await deps.ledger.openUserAccounts(tx, user.id);
            const token = await openSession(tx, user.id, ctx);
            await event(
              tx,
              user.id,
              'register',
              ctx,
              referrer ? { referrerUid: referrer.uid.toString() } : {},
            );
            await event(tx, user.id, 'login_success', ctx);
            return { token, user: sessionUser(user) };
          });
          // Counted once created: refusals (a taken name) cost nothing.
          await recordFailures([registrations.scope]);
          return created;
        } catch (error) {
          const constraint = violatedUniqueConstraint(error);
          if (constraint === 'app_user_username_key') throw new AppError('USERNAME_TAKEN');
          // A random uid or invite code collided: draw again.
          if (constraint && attempt < INSERT_RETRIES) continue;
          throw error;
        }
      }
    },

    async login(req: LoginRequest, ctx: ClientContext): Promise<LoginResponse> {
      const user = await createAccountRepository(db).findByUsername(req.username.trim());
      const { pair, scopes } = guessScopes(
        'login',
        req.username,
        ctx.ip,
        await knownAddress(user?.id, ctx.ip),
      );
      await checkThrottle(scopes);
      // Always one full verification, so an unknown account costs the same time as a wrong password.
      const valid = await verifyPassword(req.password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !valid) {
        await recordFailures(scopes.map((s) => s.scope));
        await event(
          db,
          user?.id ?? null,
          'login_failure',
          ctx,
          user ? {} : { username: req.username.slice(0, 64) },
        );
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (user.status === USER_STATUS.DISABLED) {
        await event(db, user.id, 'login_refused_disabled', ctx);
        throw new AppError('ACCOUNT_DISABLED');
      }
      // The owner's address starts afresh; the account-wide count is left to its window.
      await createAuthRepository(db).clearThrottle(pair);
      const token = await db.transaction(async (tx) => {
        const opened = await openSession(tx, user.id, ctx);
        await event(tx, user.id, 'login_success', ctx);
        return opened;
      });
      return { token, user: sessionUser(user) };
    },

    authenticate,

    /**
     * The live session a token names, without keeping it alive: a socket cannot carry a
     * rotated token back to the client, so rotating here would strand the client's token.
     * Undefined for none; ACCOUNT_DISABLED for a disabled account (its sessions revoked).
     */
    async sessionOf(token: string): Promise<{ userId: bigint; sessionId: bigint } | undefined> {
      const found = await liveSession(hashToken(token), now());
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
    async inSessionStatement<T>(
      token: string,
      work: (probe: SessionProbe) => Promise<{ session: LiveSession; value: T } | undefined>,
    ): Promise<{ value: T; newToken?: string } | undefined> {
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
          if (error instanceof AppError && !(await liveSession(tokenHash, now()))) return undefined;
          throw error;
        }
        if (done) {
          const newToken = await keepSession(done.session, tokenHash, at);
          return newToken ? { value: done.value, newToken } : { value: done.value };
        }
        if (attempt === 0 && !(await liveSession(tokenHash, now()))) return undefined;
      }
      return undefined;
    },

    async logout(auth: Authenticated, ctx: ClientContext): Promise<void> {
      await createAuthRepository(db).revokeSession(auth.sessionId, now());
      revoked({ userId: auth.user.id, sessionIds: [auth.sessionId] });
      await event(db, auth.user.id, 'logout', ctx);
    },

    /** Changes the sign-in password and signs the account out everywhere. */
    async changePassword(
      auth: Authenticated,
      req: PasswordChange,
      ctx: ClientContext,
    ): Promise<void> {
      if (!(await verifyPassword(req.oldpassword, auth.user.passwordHash)))
        throw new AppError('WRONG_PASSWORD');
      if (req.password === req.oldpassword) throw new AppError('SAME_PASSWORD');
      const passwordHash = await hashPassword(req.password);
      await db.transaction(async (tx) => {
        const repo = createAuthRepository(tx);
        await repo.setPasswordHash(auth.user.id, passwordHash);
        await repo.revokeAllSessions(auth.user.id, now());
        await event(tx, auth.user.id, 'password_change', ctx);
      });
      revoked({ userId: auth.user.id });
    },

    async changeFundPassword(
      auth: Authenticated,
      req: FundPasswordChange,
      ctx: ClientContext,
    ): Promise<void> {
      if (auth.user.fundPasswordHash) {
        if (!req.oldpassword) throw new AppError('WRONG_PASSWORD');
        await checkFundPassword(auth.user, req.oldpassword);
        if (req.password === req.oldpassword) throw new AppError('SAME_PASSWORD');
      }
      const hash = await hashPassword(req.password);
      await db.transaction(async (tx) => {
        await createAuthRepository(tx).setFundPassword(auth.user.id, hash);
        await event(
          tx,
          auth.user.id,
          auth.user.fundPasswordHash ? 'fund_password_change' : 'fund_password_set',
          ctx,
        );
      });
    },

    checkFundPassword,

    /**
     * Recovery without e-mail or SMS: the username and the fund password prove ownership. Every
     * failure looks the same (no enumeration) and counts against the same throttle as sign-in.
     */
    async findPassword(req: FindPasswordRequest, ctx: ClientContext): Promise<void> {
      const user = await createAccountRepository(db).findByUsername(req.username.trim());
      const { pair, scopes } = guessScopes(
        'recover',
        req.username,
        ctx.ip,
        await knownAddress(user?.id, ctx.ip),
      );
      await checkThrottle(scopes);
      const fail = async () => {
        await recordFailures(scopes.map((s) => s.scope));
        await event(db, user?.id ?? null, 'password_reset_failure', ctx);
        return new AppError('INVALID_CREDENTIALS');
      };
      if (!user?.fundPasswordHash || user.status === USER_STATUS.DISABLED) {
        await verifyPassword(req.mpassword, await decoyHash());
        throw await fail();
      }
      try {
        await checkFundPassword(user, req.mpassword);
      } catch (error) {
        if (error instanceof AppError) throw await fail();
        throw error;
      }
      const passwordHash = await hashPassword(req.password);
      await db.transaction(async (tx) => {
        const repo = createAuthRepository(tx);
        await repo.setPasswordHash(user.id, passwordHash);
        await repo.revokeAllSessions(user.id, now());
        await event(tx, user.id, 'password_reset', ctx);
      });
      revoked({ userId: user.id });
      await createAuthRepository(db).clearThrottle(pair);
    },

    /**
     * Disables an account (status 0): every session ends now and its sockets close; sign-in is
     * refused with ACCOUNT_DISABLED. For staff actions (the back office) and the operator.
     */
    async disableAccount(userId: bigint, detail: Record<string, unknown> = {}): Promise<boolean> {
      const changed = await db.transaction(async (tx) => {
        const repo = createAuthRepository(tx);
        if (!(await repo.disableUser(userId))) return false;
        await repo.revokeAllSessions(userId, now());
        await event(tx, userId, 'account_disabled', undefined, detail);
        return true;
      });
      if (changed) revoked({ userId });
      return changed;
    },

    /** When session `sessionId` ends unless used again; undefined when it is no longer live. */
    sessionExpiry: (sessionId: bigint) =>
      createAuthRepository(db).liveSessionExpiry(sessionId, now()),

    async loginHistory(userId: bigint): Promise<LoginHistory> {
      const rows = await createAuthRepository(db).events(
        userId,
        ['login_success', 'login_failure'],
        LOGIN_HISTORY_LIMIT,
      );
      return {
        items: rows.map((r) => ({
          time: r.createdAt.toISOString(),
          ip: r.ip,
          device: r.userAgent,
          success: r.kind === 'login_success',
        })),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

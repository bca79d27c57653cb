import type { LoginHistory, LoginRequest, LoginResponse } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { createAuthRepository } from './auth.repository.js';
import { decoyHash, verifyPassword } from './password.js';
import { createPasswords } from './passwords.js';
import { createRegistration } from './registration.js';
import { createSecurityEvents, type ClientContext } from './security-events.js';
import { createUserSessions, type Authenticated, type SessionRevocation } from './sessions.js';
import { createThrottle, guessScopes } from './throttle.js';
import { createUsersAdmin } from './users-admin.js';
import { createUsersRepository } from './users.repository.js';
import { createUsers, sessionUser, USER_STATUS } from './users.js';

export type { ClientContext } from './security-events.js';
export type { Authenticated, LiveSession, SessionProbe, SessionRevocation } from './sessions.js';
export type { RecordChange, UserChange, UserSearch } from './users-admin.js';

const LOGIN_HISTORY_LIMIT = 20;

/**
 * Users' accounts and sessions, composed from its use cases: sessions (sessions.ts), throttling
 * (throttle.ts), passwords and recovery (passwords.ts), registration (registration.ts); here,
 * signing in and out, disabling an account and the sign-in history.
 */
export function createAuthService(deps: {
  db: Db;
  ledger: LedgerService;
  now?: () => Date;
  /** Told of every revocation once it is committed. */
  onRevoked?: (revocation: SessionRevocation) => void;
  /** New accounts an address may open an hour before it is slowed (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour?: number;
  /** Recorded with every new account, in its transaction (the agreement's acceptance). */
  onRegistered?: (tx: Db, userId: bigint, ctx: ClientContext) => Promise<void>;
}) {
  const now = deps.now ?? (() => new Date());
  const { db } = deps;
  const revoked = (revocation: SessionRevocation) => deps.onRevoked?.(revocation);
  const event = createSecurityEvents(now);
  const throttle = createThrottle(db, now);
  const sessions = createUserSessions({ db, now, revoked });
  const passwords = createPasswords({ db, now, revoked, sessions, throttle, event });
  const registration = createRegistration({
    db,
    ledger: deps.ledger,
    sessions,
    throttle,
    event,
    registrationsPerHour: deps.registrationsPerHour,
    onRegistered: deps.onRegistered,
  });

  return {
    register: registration.register,
    ...passwords,
    authenticate: sessions.authenticate,
    sessionOf: sessions.sessionOf,
    inSessionStatement: sessions.inSessionStatement,
    sessionExpiry: sessions.expiry,
    users: createUsers(db),
    /** The back office's: search, referrals, status, level, forced password reset. */
    ...createUsersAdmin({ db, sessions, event, revoked }),

    async login(req: LoginRequest, ctx: ClientContext): Promise<LoginResponse> {
      const user = await createUsersRepository(db).findByUsername(req.username.trim());
      const { pair, scopes } = guessScopes(
        'login',
        req.username,
        ctx.ip,
        await throttle.knownAddress(user?.id, ctx.ip),
      );
      await throttle.check(scopes);
      // Always one full verification, so an unknown account costs the same time as a wrong password.
      const valid = await verifyPassword(req.password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !valid) {
        await throttle.recordFailures(scopes.map((s) => s.scope));
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
      await throttle.clear(pair);
      const token = await db.transaction(async (tx) => {
        const opened = await sessions.open(tx, user.id, ctx);
        await event(tx, user.id, 'login_success', ctx);
        return opened;
      });
      return { token, user: sessionUser(user) };
    },

    async logout(auth: Authenticated, ctx: ClientContext): Promise<void> {
      await sessions.end(auth.user.id, auth.sessionId);
      await event(db, auth.user.id, 'logout', ctx);
    },

    /**
     * Disables an account (status 0): every session ends now and its sockets close; sign-in is
     * refused with ACCOUNT_DISABLED. For staff actions (the back office) and the operator.
     */
    async disableAccount(userId: bigint, detail: Record<string, unknown> = {}): Promise<boolean> {
      const changed = await db.transaction(async (tx) => {
        if (!(await createAuthRepository(tx).disableUser(userId))) return false;
        await sessions.endAll(tx, userId);
        await event(tx, userId, 'account_disabled', undefined, detail);
        return true;
      });
      if (changed) revoked({ userId });
      return changed;
    },

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

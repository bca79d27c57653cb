import type { FindPasswordRequest, FundPasswordChange, PasswordChange } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { createAuthRepository } from './auth.repository.js';
import { FUND_PASSWORD_LOCK_AFTER, FUND_PASSWORD_LOCK_MS } from './auth.rules.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import type { ClientContext, RecordEvent } from './security-events.js';
import type { Authenticated, SessionRevocation, UserSessions } from './sessions.js';
import { guessScopes, type Throttle } from './throttle.js';
import { createUsersRepository } from './users.repository.js';
import { USER_STATUS, type UserRow } from './users.js';

const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);

/** Changing the sign-in and fund passwords, and recovery with the fund password. */
export function createPasswords(deps: {
  db: Db;
  now: () => Date;
  revoked: (revocation: SessionRevocation) => void;
  sessions: UserSessions;
  throttle: Throttle;
  event: RecordEvent;
}) {
  const { db, now, revoked, sessions, throttle, event } = deps;

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

  /** Sets a new sign-in password and ends every session of the account. */
  async function resetPassword(userId: bigint, password: string, kind: string, ctx: ClientContext) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await createAuthRepository(tx).setPasswordHash(userId, passwordHash);
      await sessions.endAll(tx, userId);
      await event(tx, userId, kind, ctx);
    });
    revoked({ userId });
  }

  return {
    checkFundPassword,

    /** Changes the sign-in password and signs the account out everywhere. */
    async changePassword(
      auth: Authenticated,
      req: PasswordChange,
      ctx: ClientContext,
    ): Promise<void> {
      if (!(await verifyPassword(req.oldpassword, auth.user.passwordHash)))
        throw new AppError('WRONG_PASSWORD');
      if (req.password === req.oldpassword) throw new AppError('SAME_PASSWORD');
      await resetPassword(auth.user.id, req.password, 'password_change', ctx);
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

    /**
     * Recovery without e-mail or SMS: the username and the fund password prove ownership. Every
     * failure looks the same (no enumeration) and counts against the same throttle as sign-in.
     */
    async findPassword(req: FindPasswordRequest, ctx: ClientContext): Promise<void> {
      const user = await createUsersRepository(db).findByUsername(req.username.trim());
      const { pair, scopes } = guessScopes(
        'recover',
        req.username,
        ctx.ip,
        await throttle.knownAddress(user?.id, ctx.ip),
      );
      await throttle.check(scopes);
      const fail = async () => {
        await throttle.recordFailures(scopes.map((s) => s.scope));
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
      await resetPassword(user.id, req.password, 'password_reset', ctx);
      await throttle.clear(pair);
    },
  };
}

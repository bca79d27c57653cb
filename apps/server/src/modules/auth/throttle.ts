import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { createAuthRepository } from './auth.repository.js';
import {
  ACCOUNT_THROTTLE,
  IP_THROTTLE,
  KNOWN_ADDRESS_MS,
  PAIR_THROTTLE,
  THROTTLE_WINDOW_MS,
  throttleWaitMs,
  type ThrottleRule,
} from './auth.rules.js';

export interface Scope {
  scope: string;
  rule: ThrottleRule;
}

const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);
const nameKey = (username: string) => username.trim().toLowerCase();

/**
 * The throttles a guess — a sign-in (`login`) or recovery (`recover`) attempt, or a staff
 * sign-in — counts against: the account name at this address; the account name anywhere,
 * unless this address signed in to it before (the owner is never held by strangers' failures);
 * this address across accounts.
 */
export function guessScopes(kind: string, username: string, ip: string, known: boolean) {
  const name = nameKey(username);
  const pair = `${kind}:${name}@${ip}`;
  const scopes: Scope[] = [
    { scope: pair, rule: PAIR_THROTTLE },
    { scope: `ip:${ip}`, rule: IP_THROTTLE },
  ];
  if (!known) scopes.push({ scope: `${kind}:${name}`, rule: ACCOUNT_THROTTLE });
  return { pair, scopes };
}

/**
 * Failure counting in PostgreSQL (every process shares it) by scope: progressive waits per
 * rule (auth.rules.ts), refused with TOO_MANY_ATTEMPTS and the wait while one is running.
 */
export function createThrottle(db: Db, now: () => Date) {
  return {
    /** Refuses with TOO_MANY_ATTEMPTS when any scope is still waiting. */
    async check(scopes: Scope[]): Promise<void> {
      const t = now();
      const rows = await createAuthRepository(db).throttleRows(scopes.map((s) => s.scope));
      let waitMs = 0;
      for (const row of rows) {
        const rule = scopes.find((s) => s.scope === row.scope)?.rule;
        if (!rule) throw new Error(`throttle row for unasked scope ${row.scope}`);
        waitMs = Math.max(
          waitMs,
          throttleWaitMs(rule, row.failures, row.lastFailureAt, row.windowStartedAt, t),
        );
      }
      if (waitMs > 0) {
        const retryAfterS = Math.ceil(waitMs / 1000);
        throw new AppError('TOO_MANY_ATTEMPTS', { waitS: retryAfterS }, { retryAfterS });
      }
    },

    async recordFailures(scopes: string[]): Promise<void> {
      const t = now();
      const repo = createAuthRepository(db);
      for (const scope of scopes) await repo.recordFailure(scope, t, addMs(t, -THROTTLE_WINDOW_MS));
    },

    clear: (scope: string) => createAuthRepository(db).clearThrottle(scope),

    /** Whether `ip` signed in to `userId` lately: then it is one of the owner's addresses. */
    async knownAddress(userId: bigint | undefined, ip: string): Promise<boolean> {
      if (userId === undefined) return false;
      return createAuthRepository(db).signedInFrom(userId, ip, addMs(now(), -KNOWN_ADDRESS_MS));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

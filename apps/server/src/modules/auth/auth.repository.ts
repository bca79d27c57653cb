import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appUser, USER_STATUS } from './auth.schema.js';
import { createPasswordsRepository } from './passwords.repository.js';
import { createSecurityEventsRepository } from './security-events.repository.js';
import { createSessionsRepository } from './sessions.repository.js';
import { createThrottleRepository } from './throttle.repository.js';

export type { LiveSession, SessionWithUser } from './sessions.repository.js';

/**
 * Auth's SQL, composed from its parts: sessions, throttling, security events, passwords; here,
 * disabling an account.
 */
export function createAuthRepository(db: Db) {
  return {
    ...createSessionsRepository(db),
    ...createThrottleRepository(db),
    ...createSecurityEventsRepository(db),
    ...createPasswordsRepository(db),

    async disableUser(userId: bigint): Promise<boolean> {
      const rows = await db
        .update(appUser)
        .set({ status: USER_STATUS.DISABLED })
        .where(and(eq(appUser.id, userId), ne(appUser.status, USER_STATUS.DISABLED)))
        .returning({ id: appUser.id });
      return rows.length > 0;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

// A user's sign-in password hash, and their fund password with its failure count and lock.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appUser } from './auth.schema.js';

/** The password columns of app_user. */
export function createPasswordsRepository(db: Db) {
  return {
    async setPasswordHash(userId: bigint, passwordHash: string): Promise<void> {
      await db.update(appUser).set({ passwordHash }).where(eq(appUser.id, userId));
    },

    async setFundPassword(userId: bigint, fundPasswordHash: string): Promise<void> {
      await db
        .update(appUser)
        .set({ fundPasswordHash, fundPasswordFailures: 0, fundPasswordLockedUntil: null })
        .where(eq(appUser.id, userId));
    },

    /** Counts a wrong fund password; returns the new count. Locks when it reaches `lockAt`. */
    async fundPasswordFailed(userId: bigint, lockAt: number, lockedUntil: Date): Promise<number> {
      const [row] = await db
        .update(appUser)
        .set({
          fundPasswordFailures: sql`${appUser.fundPasswordFailures} + 1`,
          fundPasswordLockedUntil: sql`case when ${appUser.fundPasswordFailures} + 1 >= ${lockAt} then ${lockedUntil} else ${appUser.fundPasswordLockedUntil} end`,
        })
        .where(eq(appUser.id, userId))
        .returning({ failures: appUser.fundPasswordFailures });
      return row?.failures ?? lockAt;
    },

    async fundPasswordSucceeded(userId: bigint): Promise<void> {
      await db
        .update(appUser)
        .set({ fundPasswordFailures: 0, fundPasswordLockedUntil: null })
        .where(eq(appUser.id, userId));
    },
  };
}

// Sign-in throttling: failure counts per scope, and whether an address is the owner's.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authThrottle, securityEvent } from './auth.schema.js';

/** The auth_throttle table, and the known-address check it relies on. */
export function createThrottleRepository(db: Db) {
  return {
    /** Whether `userId` signed in from `ip` since `since` (security_event, per-user index). */
    async signedInFrom(userId: bigint, ip: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: securityEvent.id })
        .from(securityEvent)
        .where(
          and(
            eq(securityEvent.userId, userId),
            eq(securityEvent.kind, 'login_success'),
            eq(securityEvent.ip, ip),
            gt(securityEvent.createdAt, since),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async throttleRows(scopes: string[]) {
      return db.select().from(authThrottle).where(inArray(authThrottle.scope, scopes));
    },

    /** Counts one failure, starting a new window when the old one is over. */
    async recordFailure(scope: string, now: Date, windowStartedBefore: Date): Promise<void> {
      await db
        .insert(authThrottle)
        .values({ scope, windowStartedAt: now, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: authThrottle.scope,
          set: {
            failures: sql`case when ${authThrottle.windowStartedAt} <= ${windowStartedBefore} then 1 else ${authThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${authThrottle.windowStartedAt} <= ${windowStartedBefore} then ${now} else ${authThrottle.windowStartedAt} end`,
            lastFailureAt: now,
          },
        });
    },

    async clearThrottle(scope: string): Promise<void> {
      await db.delete(authThrottle).where(eq(authThrottle.scope, scope));
    },
  };
}

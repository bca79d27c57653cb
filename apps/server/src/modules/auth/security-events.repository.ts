// The security_event log: recording an event, reading a user's events back.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { securityEvent } from './auth.schema.js';

/** The security_event table. */
export function createSecurityEventsRepository(db: Db) {
  return {
    async recordEvent(values: typeof securityEvent.$inferInsert): Promise<void> {
      await db.insert(securityEvent).values(values);
    },

    async events(userId: bigint, kinds: string[], limit: number) {
      return db
        .select()
        .from(securityEvent)
        .where(and(eq(securityEvent.userId, userId), inArray(securityEvent.kind, kinds)))
        .orderBy(desc(securityEvent.id))
        .limit(limit);
    },
  };
}

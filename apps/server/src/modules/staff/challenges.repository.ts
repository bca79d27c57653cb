// Staff sign-in challenges: issued after the password, spent on the second factor.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffChallenge } from './staff.schema.js';

/** The staff_challenge table. */
export function createChallengesRepository(db: Db) {
  return {
    async insertChallenge(c: {
      staffId: bigint;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
      ip: string;
    }): Promise<void> {
      await db.insert(staffChallenge).values(c);
    },

    /** The member a live challenge (unused, unexpired, attempts left) was issued for. */
    async liveChallenge(tokenHash: string, at: Date, maxAttempts: number) {
      const [row] = await db
        .select({ id: staffChallenge.id, staffId: staffChallenge.staffId })
        .from(staffChallenge)
        .where(
          and(
            eq(staffChallenge.tokenHash, tokenHash),
            isNull(staffChallenge.usedAt),
            gt(staffChallenge.expiresAt, at),
            lt(staffChallenge.attempts, maxAttempts),
          ),
        );
      return row;
    },

    async failChallenge(id: bigint): Promise<void> {
      await db
        .update(staffChallenge)
        .set({ attempts: sql`${staffChallenge.attempts} + 1` })
        .where(eq(staffChallenge.id, id));
    },

    /** Marks a challenge used; false when it was used meanwhile (one session per challenge). */
    async useChallenge(id: bigint, at: Date): Promise<boolean> {
      const rows = await db
        .update(staffChallenge)
        .set({ usedAt: at })
        .where(and(eq(staffChallenge.id, id), isNull(staffChallenge.usedAt)))
        .returning({ id: staffChallenge.id });
      return rows.length === 1;
    },
  };
}

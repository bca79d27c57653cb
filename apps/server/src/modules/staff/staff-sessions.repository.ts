// Staff sessions: opening, finding a live one with its member, sliding and ending them.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { StaffRow } from './members.repository.js';
import { staffMember, staffSession } from './staff.schema.js';

export type StaffSessionRow = typeof staffSession.$inferSelect;

/** The staff_session table. */
export function createStaffSessionsRepository(db: Db) {
  return {
    async insertSession(s: {
      staffId: bigint;
      tokenHash: string;
      csrfHash: string;
      createdAt: Date;
      lastSeenAt: Date;
      idleExpiresAt: Date;
      expiresAt: Date;
      ip: string;
      userAgent: string | null;
    }): Promise<StaffSessionRow> {
      const [row] = await db.insert(staffSession).values(s).returning();
      if (!row) throw new Error('staff session insert returned no row');
      return row;
    },

    /** The live session a token hash names at `at`, with its member. */
    async findLiveSession(
      tokenHash: string,
      at: Date,
    ): Promise<{ session: StaffSessionRow; staff: StaffRow } | undefined> {
      const [row] = await db
        .select({ session: staffSession, staff: staffMember })
        .from(staffSession)
        .innerJoin(staffMember, eq(staffMember.id, staffSession.staffId))
        .where(
          and(
            eq(staffSession.tokenHash, tokenHash),
            isNull(staffSession.revokedAt),
            gt(staffSession.idleExpiresAt, at),
            gt(staffSession.expiresAt, at),
          ),
        );
      return row;
    },

    async touchSession(id: bigint, at: Date, idleExpiresAt: Date): Promise<void> {
      await db
        .update(staffSession)
        .set({ lastSeenAt: at, idleExpiresAt })
        .where(eq(staffSession.id, id));
    },

    async revokeSession(id: bigint, at: Date): Promise<void> {
      await db
        .update(staffSession)
        .set({ revokedAt: at })
        .where(and(eq(staffSession.id, id), isNull(staffSession.revokedAt)));
    },

    /** Ends every live session of a member; how many there were. */
    async revokeAllSessions(staffId: bigint, at: Date): Promise<number> {
      const rows = await db
        .update(staffSession)
        .set({ revokedAt: at })
        .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt)))
        .returning({ id: staffSession.id });
      return rows.length;
    },
  };
}

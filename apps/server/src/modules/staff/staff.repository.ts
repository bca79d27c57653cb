import type { Role } from '@ampere/contract/admin';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffChallenge, staffMember, staffSession } from './staff.schema.js';

export type StaffRow = typeof staffMember.$inferSelect;
export type StaffSessionRow = typeof staffSession.$inferSelect;

export const STAFF_STATUS = { DISABLED: 0, ACTIVE: 1 } as const;

/** The unique constraint a failed insert ran into, if that is why it failed. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (cause && typeof cause === 'object' && 'code' in cause && cause.code === '23505') {
    return 'constraint' in cause && typeof cause.constraint === 'string'
      ? cause.constraint
      : 'unknown';
  }
  return undefined;
}

/** The staff tables: members, their sessions and sign-in challenges (the staff module's own). */
export function createStaffRepository(db: Db) {
  return {
    async insertMember(m: {
      username: string;
      passwordHash: string;
      role: Role;
      createdBy: string | null;
    }): Promise<StaffRow> {
      const [row] = await db.insert(staffMember).values(m).returning();
      if (!row) throw new Error('staff insert returned no row');
      return row;
    },

    async findByUsername(username: string): Promise<StaffRow | undefined> {
      const [row] = await db
        .select()
        .from(staffMember)
        .where(sql`lower(${staffMember.username}) = lower(${username})`);
      return row;
    },

    /** The member, locked for the rest of the transaction when `forUpdate`. */
    async findById(id: bigint, forUpdate = false): Promise<StaffRow | undefined> {
      const query = db.select().from(staffMember).where(eq(staffMember.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    list: (): Promise<StaffRow[]> => db.select().from(staffMember).orderBy(asc(staffMember.id)),

    async update(
      id: bigint,
      set: Partial<Omit<StaffRow, 'id' | 'createdAt' | 'createdBy'>>,
    ): Promise<StaffRow> {
      const [row] = await db.update(staffMember).set(set).where(eq(staffMember.id, id)).returning();
      if (!row) throw new Error(`staff ${id} vanished`);
      return row;
    },

    /**
     * Records `step` as the last accepted TOTP step unless one at or after it was accepted
     * already; false means the code was used before (a replay), in one statement so two
     * concurrent uses of a code cannot both pass.
     */
    async acceptTotpStep(id: bigint, step: bigint, at: Date, enrol: boolean): Promise<boolean> {
      const rows = await db
        .update(staffMember)
        .set({
          totpLastStep: step,
          lastSignInAt: at,
          ...(enrol ? { totpEnrolledAt: at } : {}),
        })
        .where(
          and(
            eq(staffMember.id, id),
            or(isNull(staffMember.totpLastStep), lt(staffMember.totpLastStep, step)),
          ),
        )
        .returning({ id: staffMember.id });
      return rows.length === 1;
    },

    async activeOwners(): Promise<number> {
      const [row] = await db
        .select({ n: sql<string>`count(*)::text` })
        .from(staffMember)
        .where(and(eq(staffMember.role, 'owner'), eq(staffMember.status, STAFF_STATUS.ACTIVE)));
      return Number(row?.n ?? 0);
    },

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

export type StaffRepository = ReturnType<typeof createStaffRepository>;

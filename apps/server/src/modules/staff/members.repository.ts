// Staff members: adding, finding, listing and changing them, and their TOTP steps.
import type { Role } from '@ampere/contract/admin';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffMember } from './staff.schema.js';

export type StaffRow = typeof staffMember.$inferSelect;

export const STAFF_STATUS = { DISABLED: 0, ACTIVE: 1 } as const;

/** The staff_member table. */
export function createMembersRepository(db: Db) {
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
  };
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { kycVerification } from './kyc.schema.js';

export type KycRow = typeof kycVerification.$inferSelect;
export type NewKyc = typeof kycVerification.$inferInsert;
export type KycChange = Partial<Omit<NewKyc, 'id' | 'userId'>>;

/** The verification table (this module's own). */
export function createKycRepository(db: Db) {
  return {
    async insert(values: NewKyc): Promise<KycRow> {
      const [row] = await db.insert(kycVerification).values(values).returning();
      if (!row) throw new Error('kyc insert returned no row');
      return row;
    },

    async update(id: bigint, change: KycChange): Promise<KycRow> {
      const [row] = await db
        .update(kycVerification)
        .set(change)
        .where(eq(kycVerification.id, id))
        .returning();
      if (!row) throw new Error(`kyc ${id} vanished during an update`);
      return row;
    },

    /** The user's verification; locked for the transaction when `forUpdate`. */
    async findByUser(userId: bigint, forUpdate = false): Promise<KycRow | undefined> {
      const query = db.select().from(kycVerification).where(eq(kycVerification.userId, userId));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async find(id: bigint, forUpdate = false): Promise<KycRow | undefined> {
      const query = db.select().from(kycVerification).where(eq(kycVerification.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** By status, oldest submission first (ties by id), after `afterId`. */
    async list(filter: {
      status: string;
      userId?: bigint | undefined;
      afterId?: bigint | undefined;
      limit: number;
    }): Promise<KycRow[]> {
      const after =
        filter.afterId === undefined
          ? undefined
          : sql`(${kycVerification.submittedAt}, ${kycVerification.id}) > (select submitted_at, id from kyc_verification where id = ${filter.afterId})`;
      return db
        .select()
        .from(kycVerification)
        .where(
          and(
            eq(kycVerification.status, filter.status),
            filter.userId === undefined ? undefined : eq(kycVerification.userId, filter.userId),
            after,
          ),
        )
        .orderBy(asc(kycVerification.submittedAt), asc(kycVerification.id))
        .limit(filter.limit);
    },

    /** Cases under review: how many, and the oldest submission. */
    async pending(): Promise<{ count: number; oldestAt: Date | undefined }> {
      const [counted] = await db
        .select({ n: sql<string>`count(*)::text` })
        .from(kycVerification)
        .where(eq(kycVerification.status, 'pending'));
      const [oldest] = await db
        .select({ at: kycVerification.submittedAt })
        .from(kycVerification)
        .where(eq(kycVerification.status, 'pending'))
        .orderBy(asc(kycVerification.submittedAt))
        .limit(1);
      return { count: Number(counted?.n ?? 0), oldestAt: oldest?.at };
    },

    /** The approved name of the user, or undefined. */
    async approvedName(userId: bigint): Promise<string | undefined> {
      const [row] = await db
        .select({ name: kycVerification.name })
        .from(kycVerification)
        .where(and(eq(kycVerification.userId, userId), eq(kycVerification.status, 'approved')));
      return row?.name;
    },
  };
}

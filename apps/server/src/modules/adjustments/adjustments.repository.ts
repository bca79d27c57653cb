import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { balanceAdjustment } from './adjustments.schema.js';

export type AdjustmentRow = typeof balanceAdjustment.$inferSelect;
export type NewAdjustment = Omit<
  typeof balanceAdjustment.$inferInsert,
  'id' | 'status' | 'decidedBy' | 'decidedByName' | 'decidedAt' | 'decisionNote' | 'journalId'
>;

export interface AdjustmentFilter {
  status?: string | undefined;
  userId?: bigint | undefined;
  beforeId?: bigint | undefined;
  limit: number;
}

export interface Decision {
  status: 'approved' | 'rejected';
  decidedBy: bigint;
  decidedByName: string;
  decidedAt: Date;
  decisionNote: string | null;
  journalId: bigint | null;
}

/** The adjustments table (this module's own). */
export function createAdjustmentsRepository(db: Db) {
  return {
    async insert(values: NewAdjustment): Promise<AdjustmentRow> {
      const [row] = await db.insert(balanceAdjustment).values(values).returning();
      if (!row) throw new Error('adjustment insert returned no row');
      return row;
    },

    /** The adjustment; locked for the rest of the transaction when `forUpdate`. */
    async find(id: bigint, forUpdate = false): Promise<AdjustmentRow | undefined> {
      const query = db.select().from(balanceAdjustment).where(eq(balanceAdjustment.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Decides a pending adjustment; undefined when it is no longer pending. */
    async decide(id: bigint, decision: Decision): Promise<AdjustmentRow | undefined> {
      const [row] = await db
        .update(balanceAdjustment)
        .set(decision)
        .where(and(eq(balanceAdjustment.id, id), eq(balanceAdjustment.status, 'pending')))
        .returning();
      return row;
    },

    /** Newest first. */
    list: (filter: AdjustmentFilter): Promise<AdjustmentRow[]> =>
      db
        .select()
        .from(balanceAdjustment)
        .where(
          and(
            filter.status === undefined ? undefined : eq(balanceAdjustment.status, filter.status),
            filter.userId === undefined ? undefined : eq(balanceAdjustment.userId, filter.userId),
            filter.beforeId === undefined ? undefined : lt(balanceAdjustment.id, filter.beforeId),
          ),
        )
        .orderBy(desc(balanceAdjustment.id))
        .limit(filter.limit),

    /** How many wait for a decision, and since when (the oldest). */
    async pending(): Promise<{ count: number; oldestAt: Date | undefined }> {
      const [counted] = await db
        .select({ n: sql<string>`count(*)::text` })
        .from(balanceAdjustment)
        .where(eq(balanceAdjustment.status, 'pending'));
      const [oldest] = await db
        .select({ at: balanceAdjustment.requestedAt })
        .from(balanceAdjustment)
        .where(eq(balanceAdjustment.status, 'pending'))
        .orderBy(asc(balanceAdjustment.id))
        .limit(1);
      return { count: Number(counted?.n ?? 0), oldestAt: oldest?.at };
    },
  };
}

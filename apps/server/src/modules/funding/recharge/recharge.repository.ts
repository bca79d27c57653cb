import { and, asc, count, desc, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { bankRecharge } from '../funding.schema.js';

export type RechargeRow = typeof bankRecharge.$inferSelect;
export type NewRecharge = Pick<
  RechargeRow,
  | 'userId'
  | 'accountId'
  | 'amountMinor'
  | 'payerName'
  | 'reference'
  | 'proofUploadId'
  | 'createdAt'
  | 'expiresAt'
>;

export interface RechargeDecision {
  status: 'credited' | 'rejected' | 'expired';
  decidedBy: bigint | null;
  decidedByName: string | null;
  decidedAt: Date;
  journalId: bigint | null;
}

/** Bank recharges. */
export function createRechargeRepository(db: Db) {
  return {
    async insert(values: NewRecharge): Promise<RechargeRow> {
      const [row] = await db.insert(bankRecharge).values(values).returning();
      if (!row) throw new Error('recharge insert returned no row');
      return row;
    },

    /** One recharge; of `userId` only when given; locked for the transaction when `forUpdate`. */
    async find(id: bigint, opts: { userId?: bigint; forUpdate?: boolean } = {}) {
      const query = db
        .select()
        .from(bankRecharge)
        .where(
          and(
            eq(bankRecharge.id, id),
            opts.userId === undefined ? undefined : eq(bankRecharge.userId, opts.userId),
          ),
        );
      const [row] = opts.forUpdate ? await query.for('update') : await query;
      return row;
    },

    async countPending(userId: bigint): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(bankRecharge)
        .where(and(eq(bankRecharge.userId, userId), eq(bankRecharge.status, 'pending')));
      return row?.n ?? 0;
    },

    /** The user's, newest first (time, then id), strictly before `before` when given. */
    forUser: (userId: bigint, before: { time: Date; id: bigint } | undefined, limit: number) =>
      db
        .select()
        .from(bankRecharge)
        .where(
          and(
            eq(bankRecharge.userId, userId),
            before === undefined
              ? undefined
              : or(
                  lt(bankRecharge.createdAt, before.time),
                  and(eq(bankRecharge.createdAt, before.time), lt(bankRecharge.id, before.id)),
                ),
          ),
        )
        .orderBy(desc(bankRecharge.createdAt), desc(bankRecharge.id))
        .limit(limit),

    /** The back office's list: newest first; the pending queue oldest first. */
    list: (q: { status?: string; userId?: bigint; cursor?: bigint; limit: number }) => {
      const oldestFirst = q.status === 'pending';
      return db
        .select()
        .from(bankRecharge)
        .where(
          and(
            q.status === undefined ? undefined : eq(bankRecharge.status, q.status),
            q.userId === undefined ? undefined : eq(bankRecharge.userId, q.userId),
            q.cursor === undefined
              ? undefined
              : oldestFirst
                ? sql`${bankRecharge.id} > ${q.cursor}`
                : lt(bankRecharge.id, q.cursor),
          ),
        )
        .orderBy(oldestFirst ? asc(bankRecharge.id) : desc(bankRecharge.id))
        .limit(q.limit);
    },

    /** Ends a pending recharge; undefined when it is no longer pending. */
    async decide(id: bigint, d: RechargeDecision): Promise<RechargeRow | undefined> {
      const [row] = await db
        .update(bankRecharge)
        .set(d)
        .where(and(eq(bankRecharge.id, id), eq(bankRecharge.status, 'pending')))
        .returning();
      return row;
    },

    /** Pending recharges past their expiry, locked (others' claims skipped). */
    due: (at: Date, limit: number) =>
      db
        .select()
        .from(bankRecharge)
        .where(and(eq(bankRecharge.status, 'pending'), lte(bankRecharge.expiresAt, at)))
        .orderBy(asc(bankRecharge.id))
        .limit(limit)
        .for('update', { skipLocked: true }),

    async pending(): Promise<{ count: number; oldestAt: Date | undefined }> {
      const [counted] = await db
        .select({ n: count() })
        .from(bankRecharge)
        .where(eq(bankRecharge.status, 'pending'));
      const [oldest] = await db
        .select({ at: bankRecharge.createdAt })
        .from(bankRecharge)
        .where(eq(bankRecharge.status, 'pending'))
        .orderBy(asc(bankRecharge.id))
        .limit(1);
      return { count: counted?.n ?? 0, oldestAt: oldest?.at };
    },
  };
}

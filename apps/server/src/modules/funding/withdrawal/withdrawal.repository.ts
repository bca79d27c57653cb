import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { withdrawal } from '../funding.schema.js';

export type WithdrawalRow = typeof withdrawal.$inferSelect;
export type NewWithdrawal = Pick<
  WithdrawalRow,
  | 'userId'
  | 'currency'
  | 'amountMinor'
  | 'feeMinor'
  | 'destination'
  | 'approvalsNeeded'
  | 'createdAt'
  | 'holdJournalId'
>;

/** What a withdrawal pays to, copied when it is made. */
export type Destination =
  | {
      kind: 'card';
      accountName: string;
      bankName: string;
      cardSealed: string;
      cardLast4: string;
      branch: string;
    }
  | { kind: 'address'; network: string; address: string; addressId: string };

export const destinationOf = (row: WithdrawalRow) => row.destination as Destination;

/** Withdrawals. */
export function createWithdrawalRepository(db: Db) {
  return {
    async insert(values: NewWithdrawal): Promise<WithdrawalRow> {
      const [row] = await db.insert(withdrawal).values(values).returning();
      if (!row) throw new Error('withdrawal insert returned no row');
      return row;
    },

    /** One withdrawal; of `userId` only when given; locked for the transaction when `forUpdate`. */
    async find(id: bigint, opts: { userId?: bigint; forUpdate?: boolean } = {}) {
      const query = db
        .select()
        .from(withdrawal)
        .where(
          and(
            eq(withdrawal.id, id),
            opts.userId === undefined ? undefined : eq(withdrawal.userId, opts.userId),
          ),
        );
      const [row] = opts.forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Updates a locked row (the caller checked its state). */
    async update(id: bigint, set: Partial<WithdrawalRow>): Promise<WithdrawalRow> {
      const [row] = await db.update(withdrawal).set(set).where(eq(withdrawal.id, id)).returning();
      if (!row) throw new Error(`withdrawal ${id} vanished while locked`);
      return row;
    },

    /** How many the user made in [from, to), whatever became of them. */
    async countBetween(userId: bigint, from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(withdrawal)
        .where(
          and(
            eq(withdrawal.userId, userId),
            gte(withdrawal.createdAt, from),
            lt(withdrawal.createdAt, to),
          ),
        );
      return row?.n ?? 0;
    },

    /** Newest first (ids grow with time), strictly before `beforeId`. */
    list: (q: {
      userId?: bigint;
      status?: string;
      currency?: string;
      cursor?: bigint;
      limit: number;
    }) => {
      const oldestFirst = q.status === 'pending' || q.status === 'approved';
      return db
        .select()
        .from(withdrawal)
        .where(
          and(
            q.userId === undefined ? undefined : eq(withdrawal.userId, q.userId),
            q.status === undefined ? undefined : eq(withdrawal.status, q.status),
            q.currency === undefined ? undefined : eq(withdrawal.currency, q.currency),
            q.cursor === undefined
              ? undefined
              : oldestFirst
                ? sql`${withdrawal.id} > ${q.cursor}`
                : lt(withdrawal.id, q.cursor),
          ),
        )
        .orderBy(oldestFirst ? asc(withdrawal.id) : desc(withdrawal.id))
        .limit(q.limit);
    },

    async waiting(status: 'pending' | 'approved') {
      const [counted] = await db
        .select({ n: count() })
        .from(withdrawal)
        .where(eq(withdrawal.status, status));
      const [oldest] = await db
        .select({ at: withdrawal.createdAt })
        .from(withdrawal)
        .where(eq(withdrawal.status, status))
        .orderBy(asc(withdrawal.id))
        .limit(1);
      return { count: counted?.n ?? 0, oldestAt: oldest?.at };
    },
  };
}

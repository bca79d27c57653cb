import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { withdrawAddress } from '../funding.schema.js';

export type AddressRow = typeof withdrawAddress.$inferSelect;

/** The USDT withdrawal address book; deleting keeps the row (old withdrawals name it). */
export function createAddressesRepository(db: Db) {
  const live = (userId: bigint) =>
    and(eq(withdrawAddress.userId, userId), isNull(withdrawAddress.deletedAt));
  return {
    /** The user's live addresses, newest first. */
    list: (userId: bigint): Promise<AddressRow[]> =>
      db.select().from(withdrawAddress).where(live(userId)).orderBy(desc(withdrawAddress.id)),

    async countLive(userId: bigint): Promise<number> {
      const [row] = await db.select({ n: count() }).from(withdrawAddress).where(live(userId));
      return row?.n ?? 0;
    },

    async find(userId: bigint, id: bigint): Promise<AddressRow | undefined> {
      const [row] = await db
        .select()
        .from(withdrawAddress)
        .where(and(live(userId), eq(withdrawAddress.id, id)));
      return row;
    },

    async insert(values: Omit<AddressRow, 'id' | 'deletedAt'>): Promise<AddressRow> {
      const [row] = await db.insert(withdrawAddress).values(values).returning();
      if (!row) throw new Error('address insert returned no row');
      return row;
    },

    async remove(userId: bigint, id: bigint, at: Date): Promise<boolean> {
      const rows = await db
        .update(withdrawAddress)
        .set({ deletedAt: at })
        .where(and(live(userId), eq(withdrawAddress.id, id)))
        .returning({ id: withdrawAddress.id });
      return rows.length > 0;
    },
  };
}

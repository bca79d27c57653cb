import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { receivingAccount } from '../funding.schema.js';

export type ReceivingAccountRow = typeof receivingAccount.$inferSelect;
export type ReceivingAccountValues = Omit<ReceivingAccountRow, 'id'>;

/** The platform's receiving bank accounts. */
export function createReceivingAccountsRepository(db: Db) {
  const ordered = [asc(receivingAccount.sortOrder), asc(receivingAccount.id)];
  return {
    all: (): Promise<ReceivingAccountRow[]> =>
      db
        .select()
        .from(receivingAccount)
        .orderBy(...ordered),

    enabled: (): Promise<ReceivingAccountRow[]> =>
      db
        .select()
        .from(receivingAccount)
        .where(eq(receivingAccount.enabled, true))
        .orderBy(...ordered),

    async find(id: bigint): Promise<ReceivingAccountRow | undefined> {
      const [row] = await db.select().from(receivingAccount).where(eq(receivingAccount.id, id));
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(receivingAccount);
      return row?.n ?? 0;
    },

    async insert(values: ReceivingAccountValues): Promise<ReceivingAccountRow> {
      const [row] = await db.insert(receivingAccount).values(values).returning();
      if (!row) throw new Error('receiving account insert returned no row');
      return row;
    },

    async update(
      id: bigint,
      values: ReceivingAccountValues,
    ): Promise<ReceivingAccountRow | undefined> {
      const [row] = await db
        .update(receivingAccount)
        .set(values)
        .where(eq(receivingAccount.id, id))
        .returning();
      return row;
    },
  };
}

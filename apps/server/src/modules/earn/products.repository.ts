// Earn products: the user's reads, the back office's edits, and the lock a subscription takes.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { earnOrder, earnProduct } from './earn.schema.js';

export type ProductRow = typeof earnProduct.$inferSelect;
export type ProductTerms = Omit<typeof earnProduct.$inferInsert, 'id' | 'subscribedMinor'>;

export function createProductsRepository(db: Db) {
  return {
    async all(): Promise<ProductRow[]> {
      return db.select().from(earnProduct).orderBy(asc(earnProduct.sortOrder), asc(earnProduct.id));
    },

    async byId(id: bigint): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(earnProduct).where(eq(earnProduct.id, id));
      return row;
    },

    /**
     * The product, locked until the end of the transaction: subscriptions to one product queue
     * here, so the quotas they check cannot be overtaken by a concurrent one.
     */
    async forUpdate(id: bigint): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(earnProduct).where(eq(earnProduct.id, id)).for('update');
      return row;
    },

    async insert(terms: ProductTerms): Promise<ProductRow> {
      const [row] = await db.insert(earnProduct).values(terms).returning();
      if (!row) throw new Error('earn product insert returned nothing');
      return row;
    },

    async update(id: bigint, terms: ProductTerms): Promise<ProductRow> {
      const [row] = await db
        .update(earnProduct)
        .set(terms)
        .where(eq(earnProduct.id, id))
        .returning();
      if (!row) throw new Error(`earn product ${id} vanished under its lock`);
      return row;
    },

    async addSubscribed(id: bigint, principalMinor: bigint): Promise<void> {
      await db
        .update(earnProduct)
        .set({ subscribedMinor: sql`${earnProduct.subscribedMinor} + ${principalMinor}` })
        .where(eq(earnProduct.id, id));
    },

    /** Principal `userId` ever subscribed to each product (what per-user quotas count). */
    async subscribedBy(userId: bigint, productId?: bigint): Promise<Map<bigint, bigint>> {
      const rows = await db
        .select({
          productId: earnOrder.productId,
          total: sql<string>`sum(${earnOrder.principalMinor})`,
        })
        .from(earnOrder)
        .where(
          productId === undefined
            ? eq(earnOrder.userId, userId)
            : sql`${earnOrder.userId} = ${userId} and ${earnOrder.productId} = ${productId}`,
        )
        .groupBy(earnOrder.productId);
      return new Map(rows.map((r) => [r.productId, BigInt(r.total)]));
    },

    /** Per product: orders Hosting and their principal (the back office's list). */
    async hosting(): Promise<Map<bigint, { orders: number; principalMinor: bigint }>> {
      const rows = await db
        .select({
          productId: earnOrder.productId,
          orders: sql<string>`count(*)`,
          principal: sql<string>`sum(${earnOrder.principalMinor})`,
        })
        .from(earnOrder)
        .where(eq(earnOrder.status, 'hosting'))
        .groupBy(earnOrder.productId);
      return new Map(
        rows.map((r) => [
          r.productId,
          { orders: Number(r.orders), principalMinor: BigInt(r.principal) },
        ]),
      );
    },

    async hasOrders(id: bigint): Promise<boolean> {
      const [row] = await db
        .select({ id: earnOrder.id })
        .from(earnOrder)
        .where(eq(earnOrder.productId, id))
        .limit(1);
      return row !== undefined;
    },
  };
}

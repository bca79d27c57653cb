import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feedLeader, product } from './market.schema.js';
import type { ProductRow } from './market.repository.js';

export type FeedLeaderRow = typeof feedLeader.$inferSelect;

/** The back office's edits of products, and the feed leader's beacon. */
export function createMarketAdminRepository(db: Db) {
  return {
    /** The product, locked until the end of the transaction (an edit reads, then writes). */
    async productForUpdate(symbol: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(product).where(eq(product.symbol, symbol)).for('update');
      return row;
    },

    async updateProduct(
      symbol: string,
      set: Pick<ProductRow, 'tradingState' | 'sortOrder'>,
    ): Promise<ProductRow> {
      const [row] = await db.update(product).set(set).where(eq(product.symbol, symbol)).returning();
      if (!row) throw new Error(`product ${symbol} vanished under its lock`);
      return row;
    },

    async feedLeader(group: string): Promise<FeedLeaderRow | undefined> {
      const [row] = await db.select().from(feedLeader).where(eq(feedLeader.group, group));
      return row;
    },

    async saveFeedLeader(row: FeedLeaderRow): Promise<void> {
      const { node, feed, electedAt, seenAt } = row;
      await db
        .insert(feedLeader)
        .values(row)
        .onConflictDoUpdate({ target: feedLeader.group, set: { node, feed, electedAt, seenAt } });
    },
  };
}

// A user's orders: one by id, the open ones, the closed ones page by page.
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { OrderRow } from './trading.repository.js';
import { tradeOrder } from './trading.schema.js';

/** Reading a user's orders. */
export function createOrdersRepository(db: Db) {
  return {
    async order(userId: bigint, id: bigint): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(tradeOrder)
        .where(and(eq(tradeOrder.id, id), eq(tradeOrder.userId, userId)));
      return row;
    },

    async openOrders(userId: bigint, symbol: string | undefined): Promise<OrderRow[]> {
      return db
        .select()
        .from(tradeOrder)
        .where(
          and(
            eq(tradeOrder.userId, userId),
            eq(tradeOrder.status, 'open'),
            symbol === undefined ? undefined : eq(tradeOrder.symbol, symbol),
          ),
        )
        .orderBy(asc(tradeOrder.expiresAtMs), asc(tradeOrder.id));
    },

    async closedOrders(
      userId: bigint,
      filter: { symbol?: string | undefined; currency?: string | undefined },
      beforeId: bigint | undefined,
      limit: number,
    ): Promise<OrderRow[]> {
      return db
        .select()
        .from(tradeOrder)
        .where(
          and(
            eq(tradeOrder.userId, userId),
            sql`${tradeOrder.status} <> 'open'`,
            filter.symbol === undefined ? undefined : eq(tradeOrder.symbol, filter.symbol),
            filter.currency === undefined ? undefined : eq(tradeOrder.currency, filter.currency),
            beforeId === undefined ? undefined : lt(tradeOrder.id, beforeId),
          ),
        )
        .orderBy(desc(tradeOrder.id))
        .limit(limit);
    },
  };
}

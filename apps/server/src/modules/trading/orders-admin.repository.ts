import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { OrderRow } from './trading.repository.js';
import { tradeOrder } from './trading.schema.js';

export interface OrdersFilter {
  status?: string | undefined;
  symbol?: string | undefined;
  currency?: string | undefined;
}

/** Orders as the back office reads them: every order of a user, open or settled. */
export function createOrdersAdminRepository(db: Db) {
  return {
    /** Per user and currency, the stakes of every settled order (void ones excluded). */
    settledVolumes: (): Promise<{ userId: bigint; currency: string; volumeMinor: string }[]> =>
      db
        .select({
          userId: tradeOrder.userId,
          currency: tradeOrder.currency,
          volumeMinor: sql<string>`sum(${tradeOrder.stakeMinor})::text`,
        })
        .from(tradeOrder)
        .where(inArray(tradeOrder.status, ['won', 'lost', 'tie']))
        .groupBy(tradeOrder.userId, tradeOrder.currency),

    /** Newest first (trade_order_user_idx), before `beforeId`, optionally by status. */
    ordersOf: (
      userId: bigint,
      filter: OrdersFilter,
      beforeId: bigint | undefined,
      limit: number,
    ): Promise<OrderRow[]> =>
      db
        .select()
        .from(tradeOrder)
        .where(
          and(
            eq(tradeOrder.userId, userId),
            filter.status === undefined ? undefined : eq(tradeOrder.status, filter.status),
            filter.symbol === undefined ? undefined : eq(tradeOrder.symbol, filter.symbol),
            filter.currency === undefined ? undefined : eq(tradeOrder.currency, filter.currency),
            beforeId === undefined ? undefined : lt(tradeOrder.id, beforeId),
          ),
        )
        .orderBy(desc(tradeOrder.id))
        .limit(limit),
  };
}

import type { Book } from '@ampere/contract';
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { PRACTICE_CURRENCY } from '../ledger/ledger.service.js';
import { ofBook } from './orders.repository.js';
import type { OrderRow } from './trading.repository.js';
import { tradeOrder } from './trading.schema.js';

export interface OrdersFilter {
  status?: string | undefined;
  symbol?: string | undefined;
  currency?: string | undefined;
  book?: Book;
}

/** Orders as the back office reads them: every order of a user, open or settled. */
export function createOrdersAdminRepository(db: Db) {
  return {
    /** Per user and real currency, the stakes of every settled order (void ones excluded). */
    settledVolumes: (): Promise<{ userId: bigint; currency: string; volumeMinor: string }[]> =>
      db
        .select({
          userId: tradeOrder.userId,
          currency: tradeOrder.currency,
          volumeMinor: sql<string>`sum(${tradeOrder.stakeMinor})::text`,
        })
        .from(tradeOrder)
        .where(
          and(
            inArray(tradeOrder.status, ['won', 'lost', 'tie']),
            ne(tradeOrder.currency, PRACTICE_CURRENCY),
          ),
        )
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
            ofBook(filter.book ?? 'real'),
            filter.status === undefined ? undefined : eq(tradeOrder.status, filter.status),
            filter.symbol === undefined ? undefined : eq(tradeOrder.symbol, filter.symbol),
            filter.currency === undefined || filter.book === 'practice'
              ? undefined
              : eq(tradeOrder.currency, filter.currency),
            beforeId === undefined ? undefined : lt(tradeOrder.id, beforeId),
          ),
        )
        .orderBy(desc(tradeOrder.id))
        .limit(limit),

    /** A user's practice orders in numbers: all, open, won, lost; Σ stakes and net if settled. */
    practiceStats: async (userId: bigint) => {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          open: sql<number>`(count(*) filter (where ${tradeOrder.status} = 'open'))::int`,
          won: sql<number>`(count(*) filter (where ${tradeOrder.status} = 'won'))::int`,
          lost: sql<number>`(count(*) filter (where ${tradeOrder.status} = 'lost'))::int`,
          staked: sql<string>`coalesce(sum(${tradeOrder.stakeMinor}) filter (where ${tradeOrder.status} <> 'open'), 0)::text`,
          net: sql<string>`coalesce(sum(${tradeOrder.payoutMinor} - ${tradeOrder.stakeMinor}) filter (where ${tradeOrder.status} <> 'open'), 0)::text`,
        })
        .from(tradeOrder)
        .where(and(eq(tradeOrder.userId, userId), ofBook('practice')));
      return {
        total: row?.total ?? 0,
        open: row?.open ?? 0,
        won: row?.won ?? 0,
        lost: row?.lost ?? 0,
        stakedMinor: BigInt(row?.staked ?? '0'),
        netMinor: BigInt(row?.net ?? '0'),
      };
    },
  };
}

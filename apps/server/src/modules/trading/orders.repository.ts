// A user's orders: one by id, the open ones, the closed ones page by page.
import type { Book } from '@ampere/contract';
import { and, asc, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { PRACTICE_CURRENCY } from '../ledger/ledger.service.js';
import type { OrderRow } from './trading.repository.js';
import { tradeOrder } from './trading.schema.js';

/** One book's orders: the practice book's currency, or any other (real). */
export const ofBook = (book: Book) =>
  book === 'practice'
    ? eq(tradeOrder.currency, PRACTICE_CURRENCY)
    : ne(tradeOrder.currency, PRACTICE_CURRENCY);

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

    async openOrders(
      userId: bigint,
      symbol: string | undefined,
      book: Book = 'real',
    ): Promise<OrderRow[]> {
      return db
        .select()
        .from(tradeOrder)
        .where(
          and(
            eq(tradeOrder.userId, userId),
            eq(tradeOrder.status, 'open'),
            ofBook(book),
            symbol === undefined ? undefined : eq(tradeOrder.symbol, symbol),
          ),
        )
        .orderBy(asc(tradeOrder.expiresAtMs), asc(tradeOrder.id));
    },

    async closedOrders(
      userId: bigint,
      filter: { symbol?: string | undefined; currency?: string | undefined; book?: Book },
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
            ofBook(filter.book ?? 'real'),
            filter.symbol === undefined ? undefined : eq(tradeOrder.symbol, filter.symbol),
            // A practice order's currency is the book's own; the filter names a real one.
            filter.currency === undefined || filter.book === 'practice'
              ? undefined
              : eq(tradeOrder.currency, filter.currency),
            beforeId === undefined ? undefined : lt(tradeOrder.id, beforeId),
          ),
        )
        .orderBy(desc(tradeOrder.id))
        .limit(limit);
    },
  };
}

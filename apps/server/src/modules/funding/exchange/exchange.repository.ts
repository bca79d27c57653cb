import { and, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { currencyExchange, exchangeQuote } from '../funding.schema.js';

export type QuoteRow = typeof exchangeQuote.$inferSelect;
export type ExchangeRow = typeof currencyExchange.$inferSelect;

/** Quotes and completed exchanges. */
export function createExchangeRepository(db: Db) {
  return {
    async insertQuote(values: Omit<QuoteRow, 'id' | 'usedAt'>): Promise<QuoteRow> {
      const [row] = await db.insert(exchangeQuote).values(values).returning();
      if (!row) throw new Error('quote insert returned no row');
      return row;
    },

    /** Marks the user's unused quote used, returning it; undefined when unknown, another's or used. */
    async useQuote(userId: bigint, id: bigint, at: Date): Promise<QuoteRow | undefined> {
      const [row] = await db
        .update(exchangeQuote)
        .set({ usedAt: at })
        .where(
          and(
            eq(exchangeQuote.id, id),
            eq(exchangeQuote.userId, userId),
            isNull(exchangeQuote.usedAt),
          ),
        )
        .returning();
      return row;
    },

    async insert(values: Omit<ExchangeRow, 'id'>): Promise<ExchangeRow> {
      const [row] = await db.insert(currencyExchange).values(values).returning();
      if (!row) throw new Error('exchange insert returned no row');
      return row;
    },

    async find(id: bigint, userId?: bigint): Promise<ExchangeRow | undefined> {
      const [row] = await db
        .select()
        .from(currencyExchange)
        .where(
          and(
            eq(currencyExchange.id, id),
            userId === undefined ? undefined : eq(currencyExchange.userId, userId),
          ),
        );
      return row;
    },

    /** Newest first (by id), of one user and created within [from, to) when given. */
    list: (q: { userId?: bigint; from?: Date; to?: Date; cursor?: bigint; limit: number }) =>
      db
        .select()
        .from(currencyExchange)
        .where(
          and(
            q.userId === undefined ? undefined : eq(currencyExchange.userId, q.userId),
            q.from === undefined ? undefined : gte(currencyExchange.createdAt, q.from),
            q.to === undefined ? undefined : lt(currencyExchange.createdAt, q.to),
            q.cursor === undefined ? undefined : lt(currencyExchange.id, q.cursor),
          ),
        )
        .orderBy(desc(currencyExchange.id))
        .limit(q.limit),
  };
}

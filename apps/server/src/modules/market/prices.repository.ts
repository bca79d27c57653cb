// Products, ticks and candles: what publishing a price writes and the price views read.
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { INTERVAL_KEYS, bucketStart } from './candles.js';
import { candle, product, tick } from './market.schema.js';

export type ProductRow = typeof product.$inferSelect;
export type TickRow = typeof tick.$inferSelect;
export type CandleRow = typeof candle.$inferSelect;

/** The product list, each symbol's ticks as they are published, and their candles. */
export function createPricesRepository(db: Db) {
  return {
    async products(): Promise<ProductRow[]> {
      return db.select().from(product).orderBy(asc(product.sortOrder), asc(product.symbol));
    },

    async insertMissingProducts(rows: (typeof product.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(product).values(rows).onConflictDoNothing();
      // Names for locales a product does not have yet (catalogues seeded before they were
      // translated); a name already there, an operator's edit included, is kept.
      for (const row of rows) {
        await db
          .update(product)
          .set({ names: sql`${JSON.stringify(row.names)}::jsonb || ${product.names}` })
          .where(eq(product.symbol, row.symbol));
      }
    },

    async lastTick(symbol: string): Promise<TickRow | undefined> {
      const [row] = await db
        .select()
        .from(tick)
        .where(eq(tick.symbol, symbol))
        .orderBy(desc(tick.id))
        .limit(1);
      return row;
    },

    async insertTick(row: typeof tick.$inferInsert): Promise<TickRow> {
      const [inserted] = await db.insert(tick).values(row).returning();
      if (!inserted) throw new Error('tick insert returned no row');
      return inserted;
    },

    /** Folds a tick into its candle at every interval, in one statement; returns the candles. */
    async upsertCandles(symbol: string, timeMs: number, price: bigint, qty: bigint) {
      return db
        .insert(candle)
        .values(
          INTERVAL_KEYS.map((interval) => ({
            symbol,
            interval,
            openTimeMs: bucketStart(timeMs, interval),
            open: price,
            high: price,
            low: price,
            close: price,
            ticks: 1,
            volume: qty,
          })),
        )
        .onConflictDoUpdate({
          target: [candle.symbol, candle.interval, candle.openTimeMs],
          set: {
            high: sql`greatest(${candle.high}, excluded.high)`,
            low: sql`least(${candle.low}, excluded.low)`,
            close: sql`excluded.close`,
            ticks: sql`${candle.ticks} + 1`,
            volume: sql`${candle.volume} + excluded.volume`,
          },
        })
        .returning();
    },

    async candles(symbol: string, interval: string, beforeMs: number | undefined, limit: number) {
      const rows = await db
        .select()
        .from(candle)
        .where(
          and(
            eq(candle.symbol, symbol),
            eq(candle.interval, interval),
            beforeMs === undefined ? undefined : lt(candle.openTimeMs, beforeMs),
          ),
        )
        .orderBy(desc(candle.openTimeMs))
        .limit(limit);
      return rows.reverse();
    },

    /** Hourly candles since `sinceMs`, oldest first: the 24 h statistics. */
    async hourlySince(symbol: string, sinceMs: number) {
      return db
        .select()
        .from(candle)
        .where(
          and(
            eq(candle.symbol, symbol),
            eq(candle.interval, '1Hour'),
            gte(candle.openTimeMs, sinceMs),
          ),
        )
        .orderBy(asc(candle.openTimeMs));
    },
  };
}

// The backfilled history's SQL: whether a symbol has any history, its record, its candles.
import { eq, sql } from 'drizzle-orm';
import { pgArray, queryRows, type Db } from '../../db/client.js';
import type { BackfilledCandle } from './backfill.js';
import { marketBackfill } from './market.schema.js';

export type BackfillRow = typeof marketBackfill.$inferSelect;

/** Candles a statement carries (nine array parameters however many rows). */
const CANDLES_PER_STATEMENT = 20_000;

export function createBackfillRepository(db: Db) {
  return {
    /** Whether `symbol` has a recorded tick or any candle: it has history already. */
    async hasPrices(symbol: string): Promise<boolean> {
      const [row] = await queryRows<{ found: boolean }>(
        db,
        sql`select exists (select 1 from tick where symbol = ${symbol})
                or exists (select 1 from candle where symbol = ${symbol}) as found`,
      );
      return row?.found === true;
    },

    /**
     * Claims the symbol's backfill: the record, or nothing when one exists (another process, an
     * earlier start). A concurrent claim waits for this transaction and then finds it.
     */
    async claim(row: typeof marketBackfill.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(marketBackfill)
        .values(row)
        .onConflictDoNothing()
        .returning({ symbol: marketBackfill.symbol });
      return inserted.length === 1;
    },

    /** Writes backfilled candles (`ticks` 0); a candle already there is kept. */
    async insertCandles(symbol: string, candles: readonly BackfilledCandle[]): Promise<void> {
      for (let at = 0; at < candles.length; at += CANDLES_PER_STATEMENT) {
        const part = candles.slice(at, at + CANDLES_PER_STATEMENT);
        const col = (f: (c: BackfilledCandle) => string | number | bigint) => pgArray(part.map(f));
        await db.execute(
          sql`insert into candle (symbol, interval, open_time_ms, open, high, low, close, ticks, volume)
              select ${symbol}, u.interval, u.open_time_ms, u.open, u.high, u.low, u.close, 0, u.volume
                from unnest(${col((c) => c.interval)}::text[], ${col((c) => c.openTimeMs)}::bigint[],
                            ${col((c) => c.open)}::bigint[], ${col((c) => c.high)}::bigint[],
                            ${col((c) => c.low)}::bigint[], ${col((c) => c.close)}::bigint[],
                            ${col((c) => c.volume)}::bigint[])
                  as u(interval, open_time_ms, open, high, low, close, volume)
              on conflict do nothing`,
        );
      }
    },

    async backfillOf(symbol: string): Promise<BackfillRow | undefined> {
      const [row] = await db.select().from(marketBackfill).where(eq(marketBackfill.symbol, symbol));
      return row;
    },
  };
}

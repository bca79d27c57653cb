// Retention: pruning old ticks and candles, and the gaps pruning leaves in the chain.
import { and, asc, between, eq, gte, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { tick, tickGap } from './market.schema.js';

export type TickGapRow = typeof tickGap.$inferSelect;

/** A column elsewhere that points at tick ids (an order's entry and exit ticks). */
export interface TickReference {
  table: string;
  column: string;
}

/** What retention removes and the holes it records (verification reads them back). */
export function createRetentionRepository(db: Db) {
  return {
    /** The newest tick of `symbol` older than `cutoffMs` that is not the symbol's last tick. */
    async lastPrunableId(symbol: string, cutoffMs: number): Promise<bigint | undefined> {
      const [row] = await queryRows<{ id: string | null }>(
        db,
        sql`select max(id) as id from tick
             where symbol = ${symbol} and time_ms < ${cutoffMs}
               and id < (select max(id) from tick where symbol = ${symbol})`,
      );
      return row?.id === null || row?.id === undefined ? undefined : BigInt(row.id);
    },

    /** Tick ids of `symbol` up to `upToId` that other tables point at: retention keeps them. */
    async referencedTickIds(
      symbol: string,
      upToId: bigint,
      refs: readonly TickReference[],
    ): Promise<bigint[]> {
      if (refs.length === 0) return [];
      const selects = refs.map(
        (r) =>
          sql`select ${sql.identifier(r.column)} as id from ${sql.identifier(r.table)}
               where ${sql.identifier(r.column)} is not null`,
      );
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select distinct t.id from tick t
             where t.symbol = ${symbol} and t.id <= ${upToId}
               and t.id in (${sql.join(selects, sql` union `)})
             order by t.id`,
      );
      return rows.map((r) => BigInt(r.id));
    },

    /**
     * Removes up to `batch` of `symbol`'s oldest ticks with ids in [fromId, toId] and records
     * the hole; returns how many went. Call inside a transaction.
     */
    async pruneRun(
      symbol: string,
      fromId: bigint,
      toId: bigint,
      batch: number,
      nowMs: number,
    ): Promise<number> {
      const run = await db
        .select({ id: tick.id, timeMs: tick.timeMs, prevHash: tick.prevHash, hash: tick.hash })
        .from(tick)
        .where(and(eq(tick.symbol, symbol), between(tick.id, fromId, toId)))
        .orderBy(asc(tick.id))
        .limit(batch);
      const first = run[0];
      const last = run.at(-1);
      if (!first || !last) return 0;
      await db.insert(tickGap).values({
        symbol,
        firstId: first.id,
        lastId: last.id,
        count: run.length,
        firstTimeMs: first.timeMs,
        lastTimeMs: last.timeMs,
        prevHash: first.prevHash,
        lastHash: last.hash,
        prunedAtMs: nowMs,
      });
      await db
        .delete(tick)
        .where(and(eq(tick.symbol, symbol), between(tick.id, first.id, last.id)));
      return run.length;
    },

    /** The recorded holes of `symbol` whose first id lies in [fromId, toId], in chain order. */
    async gaps(symbol: string, fromId: bigint, toId: bigint): Promise<TickGapRow[]> {
      return db
        .select()
        .from(tickGap)
        .where(
          and(eq(tickGap.symbol, symbol), gte(tickGap.firstId, fromId), lte(tickGap.firstId, toId)),
        )
        .orderBy(asc(tickGap.firstId));
    },

    /** Deletes up to `batch` candles of `interval` that opened before `beforeMs`; returns how many. */
    async pruneCandles(interval: string, beforeMs: number, batch: number): Promise<number> {
      const [row] = await queryRows<{ n: string }>(
        db,
        sql`with gone as (
              delete from candle
               where (symbol, interval, open_time_ms) in (
                 select symbol, interval, open_time_ms from candle
                  where interval = ${interval} and open_time_ms < ${beforeMs}
                  limit ${batch})
              returning 1)
            select count(*) as n from gone`,
      );
      return Number(row?.n ?? 0);
    },
  };
}

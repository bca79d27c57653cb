import { and, asc, between, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { INTERVAL_KEYS, bucketStart } from './candles.js';
import { candle, chainHead, product, tick, tickGap } from './market.schema.js';

export type ProductRow = typeof product.$inferSelect;
export type TickRow = typeof tick.$inferSelect;
export type CandleRow = typeof candle.$inferSelect;
export type TickGapRow = typeof tickGap.$inferSelect;

/** A column elsewhere that points at tick ids (an order's entry and exit ticks). */
export interface TickReference {
  table: string;
  column: string;
}

export function createMarketRepository(db: Db) {
  return {
    async products(): Promise<ProductRow[]> {
      return db.select().from(product).orderBy(asc(product.sortOrder), asc(product.symbol));
    },

    async insertMissingProducts(rows: (typeof product.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(product).values(rows).onConflictDoNothing();
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

    /**
     * For every symbol without a head at `boundaryMs` (a minute start), its last tick before the
     * boundary: the head to sign and record. One index probe per product (time never runs
     * backwards within a symbol's chain).
     */
    async headsDue(boundaryMs: number) {
      const rows = await queryRows<{ symbol: string; tick_id: string; hash: string }>(
        db,
        sql`select p.symbol, t.id::text as tick_id, t.hash
              from product p
              cross join lateral (
                select id, hash from tick
                 where tick.symbol = p.symbol and tick.time_ms < ${boundaryMs}
                 order by tick.time_ms desc, tick.id desc
                 limit 1
              ) t
             where not exists (
               select 1 from chain_head h where h.symbol = p.symbol and h.minute_ms = ${boundaryMs})`,
      );
      return rows.map((r) => ({ symbol: r.symbol, tickId: BigInt(r.tick_id), hash: r.hash }));
    },

    /** Records signed heads; a head another process recorded first is kept. Returns the new ones. */
    async insertHeads(heads: (typeof chainHead.$inferInsert)[]) {
      if (heads.length === 0) return [];
      return db
        .insert(chainHead)
        .values(heads)
        .onConflictDoNothing()
        .returning({ symbol: chainHead.symbol });
    },

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

    async heads(symbol: string, limit: number) {
      return db
        .select()
        .from(chainHead)
        .where(eq(chainHead.symbol, symbol))
        .orderBy(desc(chainHead.minuteMs))
        .limit(limit);
    },

    async tick(symbol: string, id: bigint): Promise<TickRow | undefined> {
      const [row] = await db
        .select()
        .from(tick)
        .where(and(eq(tick.symbol, symbol), eq(tick.id, id)));
      return row;
    },

    /** The first published head at or after tick `tickId`: it covers that tick. */
    async headCovering(symbol: string, tickId: bigint) {
      const [row] = await db
        .select()
        .from(chainHead)
        .where(and(eq(chainHead.symbol, symbol), gte(chainHead.tickId, tickId)))
        .orderBy(asc(chainHead.minuteMs))
        .limit(1);
      return row;
    },

    async ticksBetween(symbol: string, fromId: bigint, toId: bigint, limit: number) {
      return db
        .select()
        .from(tick)
        .where(and(eq(tick.symbol, symbol), between(tick.id, fromId, toId)))
        .orderBy(asc(tick.id))
        .limit(limit);
    },

    async ticksFrom(
      symbol: string,
      fromId: bigint | undefined,
      limit: number,
      toId?: bigint,
    ): Promise<TickRow[]> {
      return db
        .select()
        .from(tick)
        .where(
          and(
            eq(tick.symbol, symbol),
            fromId === undefined ? undefined : gte(tick.id, fromId),
            toId === undefined ? undefined : lte(tick.id, toId),
          ),
        )
        .orderBy(asc(tick.id))
        .limit(limit);
    },
  };
}

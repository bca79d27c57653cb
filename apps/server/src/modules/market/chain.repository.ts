// The tick chain: its published heads and the runs of ticks a verification reads.
import { and, asc, between, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { chainHead, tick } from './market.schema.js';
import type { TickRow } from './prices.repository.js';

/** Chain heads (due, recorded, listed) and ticks read back by id for verification. */
export function createChainRepository(db: Db) {
  return {
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

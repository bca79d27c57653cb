import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { pgArray, queryRows, type Db } from '../../db/client.js';
import { tradeLimit, tradeOrder, tradePeriod } from './trading.schema.js';

export type PeriodRow = typeof tradePeriod.$inferSelect;
export type OrderRow = typeof tradeOrder.$inferSelect;
export type LimitRow = typeof tradeLimit.$inferSelect;

/** A due order with the tick that decides it (the latest at or before expiry), if any. */
export interface DueOrder {
  order: OrderRow;
  exit: { id: bigint; timeMs: number; priceMinor: bigint } | undefined;
}

interface DueRow {
  id: string;
  exit_id: string | null;
  exit_time_ms: string | number | null;
  exit_price_minor: string | null;
}

export function createTradingRepository(db: Db) {
  return {
    async periods(symbol: string): Promise<PeriodRow[]> {
      return db
        .select()
        .from(tradePeriod)
        .where(and(eq(tradePeriod.symbol, symbol), eq(tradePeriod.enabled, true)))
        .orderBy(asc(tradePeriod.seconds));
    },

    async period(symbol: string, seconds: number): Promise<PeriodRow | undefined> {
      const [row] = await db
        .select()
        .from(tradePeriod)
        .where(
          and(
            eq(tradePeriod.symbol, symbol),
            eq(tradePeriod.seconds, seconds),
            eq(tradePeriod.enabled, true),
          ),
        );
      return row;
    },

    async insertMissingPeriods(rows: (typeof tradePeriod.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(tradePeriod).values(rows).onConflictDoNothing();
    },

    /** The symbol's newest tick: the strike of an order accepted now. */
    async latestTick(
      symbol: string,
    ): Promise<{ id: bigint; timeMs: number; priceMinor: bigint } | undefined> {
      const [row] = await queryRows<{ id: string; time_ms: string | number; price_minor: string }>(
        db,
        sql`select id, time_ms, price_minor from tick where symbol = ${symbol}
             order by id desc limit 1`,
      );
      return row
        ? { id: BigInt(row.id), timeMs: Number(row.time_ms), priceMinor: BigInt(row.price_minor) }
        : undefined;
    },

    async nextOrderId(): Promise<bigint> {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`select nextval(pg_get_serial_sequence('trade_order', 'id')) as id`,
      );
      if (!row) throw new Error('no order id');
      return BigInt(row.id);
    },

    async insertOrder(row: typeof tradeOrder.$inferInsert): Promise<OrderRow> {
      const [inserted] = await db.insert(tradeOrder).values(row).returning();
      if (!inserted) throw new Error('order insert returned no row');
      return inserted;
    },

    /**
     * Claims up to `limit` due orders, locking them (`FOR UPDATE SKIP LOCKED`: a second
     * settler takes other rows instead of waiting). An order is due once it has expired and its
     * exit can no longer change: a tick after expiry exists (the chain never goes back in time),
     * or `finalAfterMs` has passed since expiry (a stalled feed). Call inside a transaction.
     */
    async claimDue(nowMs: number, finalAfterMs: number, limit: number): Promise<DueOrder[]> {
      const rows = await queryRows<DueRow>(
        db,
        sql`select o.id, x.id as exit_id, x.time_ms as exit_time_ms, x.price_minor as exit_price_minor
              from trade_order o
              left join lateral (
                select t.id, t.time_ms, t.price_minor from tick t
                 where t.symbol = o.symbol and t.time_ms <= o.expires_at_ms
                 order by t.time_ms desc, t.id desc
                 limit 1
              ) x on true
             where o.status = 'open' and o.expires_at_ms <= ${nowMs}
               and (o.expires_at_ms <= ${nowMs - finalAfterMs}
                    or exists (select 1 from tick a
                                where a.symbol = o.symbol and a.time_ms > o.expires_at_ms))
             order by o.expires_at_ms, o.id
             limit ${limit}
             for update of o skip locked`,
      );
      if (rows.length === 0) return [];
      const orders = await db
        .select()
        .from(tradeOrder)
        .where(sql`${tradeOrder.id} = any(${pgArray(rows.map((r) => r.id))}::bigint[])`);
      const byId = new Map(orders.map((o) => [o.id, o]));
      return rows.flatMap((r) => {
        const order = byId.get(BigInt(r.id));
        if (!order) return [];
        const exit =
          r.exit_id === null || r.exit_time_ms === null || r.exit_price_minor === null
            ? undefined
            : {
                id: BigInt(r.exit_id),
                timeMs: Number(r.exit_time_ms),
                priceMinor: BigInt(r.exit_price_minor),
              };
        return [{ order, exit }];
      });
    },

    /**
     * Records many outcomes in one statement; only open orders change (exactly once). Returns
     * the settled rows.
     */
    async settleMany(
      outcomes: readonly {
        id: bigint;
        status: string;
        exitTickId: bigint | null;
        exitPriceMinor: bigint | null;
        exitTimeMs: number | null;
        payoutMinor: bigint;
        settledAtMs: number;
        settleJournalId: bigint;
      }[],
    ): Promise<OrderRow[]> {
      if (outcomes.length === 0) return [];
      const col = (f: (o: (typeof outcomes)[number]) => string | number | bigint | null) =>
        pgArray(outcomes.map(f));
      const updated = await queryRows<{ id: string }>(
        db,
        sql`update trade_order o
               set status = v.status, exit_tick_id = v.exit_tick_id,
                   exit_price_minor = v.exit_price_minor, exit_time_ms = v.exit_time_ms,
                   payout_minor = v.payout_minor, settled_at_ms = v.settled_at_ms,
                   settle_journal_id = v.settle_journal_id
              from unnest(${col((o) => o.id)}::bigint[], ${col((o) => o.status)}::text[],
                          ${col((o) => o.exitTickId)}::bigint[], ${col((o) => o.exitPriceMinor)}::bigint[],
                          ${col((o) => o.exitTimeMs)}::bigint[], ${col((o) => o.payoutMinor)}::bigint[],
                          ${col((o) => o.settledAtMs)}::bigint[], ${col((o) => o.settleJournalId)}::bigint[])
                   as v(id, status, exit_tick_id, exit_price_minor, exit_time_ms, payout_minor,
                        settled_at_ms, settle_journal_id)
             where o.id = v.id and o.status = 'open'
         returning o.id`,
      );
      if (updated.length === 0) return [];
      return db
        .select()
        .from(tradeOrder)
        .where(sql`${tradeOrder.id} = any(${pgArray(updated.map((u) => u.id))}::bigint[])`);
    },

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

    /**
     * Since `sinceMs`: orders opened, and per currency the net result of those settled and the
     * stakes of those still open — what the daily limits are checked against.
     */
    async dayStats(
      userId: bigint,
      sinceMs: number,
    ): Promise<{ orders: number; net: Map<string, bigint>; open: Map<string, bigint> }> {
      const rows = await queryRows<{
        currency: string;
        orders: string | number;
        net: string | null;
        open: string | null;
      }>(
        db,
        sql`select currency, count(*) as orders,
                   coalesce(sum(payout_minor - stake_minor) filter (where status <> 'open'), 0) as net,
                   coalesce(sum(stake_minor) filter (where status = 'open'), 0) as open
              from trade_order
             where user_id = ${userId} and opened_at_ms >= ${sinceMs}
             group by currency`,
      );
      return {
        orders: rows.reduce((n, r) => n + Number(r.orders), 0),
        net: new Map(rows.map((r) => [r.currency, BigInt(r.net ?? 0)])),
        open: new Map(rows.map((r) => [r.currency, BigInt(r.open ?? 0)])),
      };
    },

    /** The user's limits, locked for the rest of the transaction (one buy checks at a time). */
    async limitsForUpdate(userId: bigint): Promise<LimitRow | undefined> {
      const [row] = await db
        .select()
        .from(tradeLimit)
        .where(eq(tradeLimit.userId, userId))
        .for('update');
      return row;
    },

    async limits(userId: bigint): Promise<LimitRow | undefined> {
      const [row] = await db.select().from(tradeLimit).where(eq(tradeLimit.userId, userId));
      return row;
    },

    async saveLimits(row: typeof tradeLimit.$inferInsert): Promise<void> {
      await db
        .insert(tradeLimit)
        .values(row)
        .onConflictDoUpdate({ target: tradeLimit.userId, set: row });
    },
  };
}

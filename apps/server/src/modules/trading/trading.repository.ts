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
    /** Every enabled period of every product (the in-process catalog). */
    async allPeriods(): Promise<PeriodRow[]> {
      return db
        .select()
        .from(tradePeriod)
        .where(eq(tradePeriod.enabled, true))
        .orderBy(asc(tradePeriod.symbol), asc(tradePeriod.seconds));
    },

    async insertMissingPeriods(rows: (typeof tradePeriod.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(tradePeriod).values(rows).onConflictDoNothing();
    },

    /**
     * Everything an order needs before it moves money, in one round trip: a fresh order id, the
     * symbol's newest tick (the strike) and the user's limits, locked for the rest of the
     * transaction so concurrent buys of one user are checked one at a time.
     */
    async opening(
      symbol: string,
      userId: bigint,
    ): Promise<{
      orderId: bigint;
      strike: { id: bigint; timeMs: number; priceMinor: bigint } | undefined;
      limits: LimitRow | undefined;
    }> {
      const [row] = await queryRows<{
        order_id: string;
        tick_id: string | null;
        tick_time_ms: string | number | null;
        tick_price_minor: string | null;
        limit_user_id: string | null;
        daily_loss_money_minor: string | null;
        daily_loss_usdt_minor: string | null;
        daily_trades: number | null;
        tz_offset_minutes: number | null;
        reminder_minutes: number | null;
        updated_at_ms: string | number | null;
      }>(
        db,
        sql`select nextval(pg_get_serial_sequence('trade_order', 'id')) as order_id,
                   t.id as tick_id, t.time_ms as tick_time_ms, t.price_minor as tick_price_minor,
                   l.user_id as limit_user_id, l.daily_loss_money_minor, l.daily_loss_usdt_minor,
                   l.daily_trades, l.tz_offset_minutes, l.reminder_minutes, l.updated_at_ms
              from (select 1) as one
              left join lateral (select id, time_ms, price_minor from tick
                                  where symbol = ${symbol} order by id desc limit 1) t on true
              left join lateral (select * from trade_limit where user_id = ${userId}
                                    for update) l on true`,
      );
      if (!row) throw new Error('opening returned no row');
      const big = (v: string | null) => (v === null ? null : BigInt(v));
      return {
        orderId: BigInt(row.order_id),
        strike:
          row.tick_id === null || row.tick_time_ms === null || row.tick_price_minor === null
            ? undefined
            : {
                id: BigInt(row.tick_id),
                timeMs: Number(row.tick_time_ms),
                priceMinor: BigInt(row.tick_price_minor),
              },
        limits:
          row.limit_user_id === null
            ? undefined
            : {
                userId: BigInt(row.limit_user_id),
                dailyLossMoneyMinor: big(row.daily_loss_money_minor),
                dailyLossUsdtMinor: big(row.daily_loss_usdt_minor),
                dailyTrades: row.daily_trades,
                tzOffsetMinutes: row.tz_offset_minutes ?? 0,
                reminderMinutes: row.reminder_minutes,
                updatedAtMs: Number(row.updated_at_ms ?? 0),
              },
      };
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

// Settlement's SQL: claiming due orders with their exit ticks, recording many outcomes at once.
import { sql } from 'drizzle-orm';
import { pgArray, queryRows, type Db } from '../../db/client.js';
import { orderFromRaw, type Int8, type RawOrderRow } from './raw-orders.js';
import type { OrderRow } from './trading.repository.js';
import { tradeOrder } from './trading.schema.js';

/** A due order with the tick that decides it (the latest at or before expiry), if any. */
export interface DueOrder {
  order: OrderRow;
  exit: { id: bigint; timeMs: number; priceMinor: bigint } | undefined;
}

/** A claimed due order with the tick that decides it (`x_*`: none in the window). */
interface RawDueRow extends RawOrderRow {
  x_id: Int8 | null;
  x_time_ms: Int8 | null;
  x_price_minor: Int8 | null;
}

/** Claiming due orders and recording their outcomes, a batch at a time. */
export function createSettlingRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` due orders, locking them (`FOR UPDATE SKIP LOCKED`: a second
     * settler takes other rows instead of waiting). An order is due once it has expired and its
     * exit can no longer change: a tick after expiry exists (the chain never goes back in time),
     * or `finalAfterMs` has passed since expiry (a stalled feed). Call inside a transaction.
     */
    async claimDue(nowMs: number, finalAfterMs: number, limit: number): Promise<DueOrder[]> {
      // The orders themselves come back with the claim: one round trip per batch.
      const rows = await queryRows<RawDueRow>(
        db,
        sql`select o.*, x.id as x_id, x.time_ms as x_time_ms, x.price_minor as x_price_minor
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
      return rows.map((r) => {
        const order = orderFromRaw(r);
        const exit =
          r.x_id === null || r.x_time_ms === null || r.x_price_minor === null
            ? undefined
            : {
                id: BigInt(r.x_id),
                timeMs: Number(r.x_time_ms),
                priceMinor: BigInt(r.x_price_minor),
              };
        return { order, exit };
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
  };
}

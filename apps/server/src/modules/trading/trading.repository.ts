import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { pgArray, preparedStatement, queryRows, type Db } from '../../db/client.js';
import { dbRefusal } from '../../errors.js';
import type { LiveSession } from '../auth/auth.service.js';
import { tradeLimit, tradeOrder, tradePeriod } from './trading.schema.js';

export type PeriodRow = typeof tradePeriod.$inferSelect;
export type OrderRow = typeof tradeOrder.$inferSelect;
export type LimitRow = typeof tradeLimit.$inferSelect;

/** A due order with the tick that decides it (the latest at or before expiry), if any. */
export interface DueOrder {
  order: OrderRow;
  exit: { id: bigint; timeMs: number; priceMinor: bigint } | undefined;
}

export interface OpenRequest {
  userId: bigint;
  /** The Idempotency-Key and the hash of the validated request (`requestHash`). */
  key: string;
  requestHash: string;
  symbol: string;
  direction: string;
  currency: string;
  stakeMinor: bigint;
  periodSeconds: number;
  payoutBps: number;
  priceScale: number;
  atMs: number;
  /** The strike must be at most this old. */
  staleAfterMs: number;
}

export interface Opened {
  order: OrderRow;
  /** The key was used before: `order` is the order as first accepted, and nothing moved. */
  replayed: boolean;
  /** The user's available and in-order balances after the hold (not on a replay). */
  availableAfter: bigint | undefined;
  inOrderAfter: bigint | undefined;
}

type Int8 = string | number;

/** A trade_order row as raw SQL returns it (int8 as decimal strings). */
interface RawOrderRow {
  id: Int8;
  user_id: Int8;
  symbol: string;
  direction: string;
  currency: string;
  stake_minor: Int8;
  period_seconds: number;
  payout_bps: number;
  strike_tick_id: Int8;
  strike_price_minor: Int8;
  strike_time_ms: Int8;
  price_scale: number;
  opened_at_ms: Int8;
  expires_at_ms: Int8;
  status: string;
  exit_tick_id: Int8 | null;
  exit_price_minor: Int8 | null;
  exit_time_ms: Int8 | null;
  payout_minor: Int8 | null;
  settled_at_ms: Int8 | null;
  open_journal_id: Int8;
  settle_journal_id: Int8 | null;
}

/** trade_open's row: the order, and what the hold did. */
interface RawOrder extends RawOrderRow {
  replayed: boolean;
  available_after: Int8 | null;
  in_order_after: Int8 | null;
}

/** A claimed due order with the tick that decides it (`x_*`: none in the window). */
interface RawDueRow extends RawOrderRow {
  x_id: Int8 | null;
  x_time_ms: Int8 | null;
  x_price_minor: Int8 | null;
}

function orderFromRaw(r: RawOrderRow): OrderRow {
  const big = (v: Int8) => BigInt(v);
  const bigOrNull = (v: Int8 | null) => (v === null ? null : BigInt(v));
  const numOrNull = (v: Int8 | null) => (v === null ? null : Number(v));
  return {
    id: big(r.id),
    userId: big(r.user_id),
    symbol: r.symbol,
    direction: r.direction,
    currency: r.currency,
    stakeMinor: big(r.stake_minor),
    periodSeconds: r.period_seconds,
    payoutBps: r.payout_bps,
    strikeTickId: big(r.strike_tick_id),
    strikePriceMinor: big(r.strike_price_minor),
    strikeTimeMs: Number(r.strike_time_ms),
    priceScale: r.price_scale,
    openedAtMs: Number(r.opened_at_ms),
    expiresAtMs: Number(r.expires_at_ms),
    status: r.status,
    exitTickId: bigOrNull(r.exit_tick_id),
    exitPriceMinor: bigOrNull(r.exit_price_minor),
    exitTimeMs: numOrNull(r.exit_time_ms),
    payoutMinor: bigOrNull(r.payout_minor),
    settledAtMs: numOrNull(r.settled_at_ms),
    openJournalId: big(r.open_journal_id),
    settleJournalId: bigOrNull(r.settle_journal_id),
  };
}

const tradeOpen = preparedStatement<RawOrder>(
  'trade_open',
  `select (t.o).*, t.replayed, t.available_after, t.in_order_after
     from trade_open($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) t`,
);

/** trade_open's row with the session it was placed in (trade_open_session, migration 0011). */
interface RawSessionOrder extends RawOrder {
  s_id: Int8;
  s_token_hash: string;
  s_created_at: Date;
  s_rotated_at: Date;
  s_last_seen_at: Date;
}

const tradeOpenSession = preparedStatement<RawSessionOrder>(
  'trade_open_session',
  `select t.s_id, t.s_token_hash, t.s_created_at, t.s_rotated_at, t.s_last_seen_at,
          (t.o).*, t.replayed, t.available_after, t.in_order_after
     from trade_open_session($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) t`,
);

function openedFromRaw(row: RawOrder): Opened {
  return {
    order: orderFromRaw(row),
    replayed: row.replayed,
    availableAfter: row.available_after === null ? undefined : BigInt(row.available_after),
    inOrderAfter: row.in_order_after === null ? undefined : BigInt(row.in_order_after),
  };
}

/** OpenRequest's values in trade_open's parameter order, the user (or token hash) first. */
function openParams(who: bigint | string, req: Omit<OpenRequest, 'userId'>) {
  return [
    who,
    req.key,
    req.requestHash,
    req.symbol,
    req.direction,
    req.currency,
    req.stakeMinor,
    req.periodSeconds,
    req.payoutBps,
    req.priceScale,
    req.atMs,
    req.staleAfterMs,
  ] as const;
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
     * Accepts an order in one statement and its own transaction (`trade_open`, migration
     * 0009): idempotency claim, strike, limits, the stake held by the ledger, the order and its
     * stored response. A refusal comes back as its AppError with nothing changed.
     */
    async open(req: OpenRequest): Promise<Opened> {
      let rows: RawOrder[];
      try {
        rows = await tradeOpen(db, openParams(req.userId, req));
      } catch (error) {
        throw dbRefusal(error) ?? error;
      }
      const [row] = rows;
      if (!row) throw new Error('trade_open returned no row');
      return openedFromRaw(row);
    },

    /**
     * `open` for the user of the live session `tokenHash` names (`trade_open_session`,
     * migration 0011): the session check and the order in one statement. Undefined when the
     * token names no live session of an enabled account; then nothing was placed.
     */
    async openInSession(
      tokenHash: string,
      req: Omit<OpenRequest, 'userId'>,
    ): Promise<{ session: LiveSession; opened: Opened } | undefined> {
      let rows: RawSessionOrder[];
      try {
        rows = await tradeOpenSession(db, openParams(tokenHash, req));
      } catch (error) {
        throw dbRefusal(error) ?? error;
      }
      const [row] = rows;
      if (!row) return undefined;
      return {
        session: {
          id: BigInt(row.s_id),
          tokenHash: row.s_token_hash,
          createdAt: row.s_created_at,
          rotatedAt: row.s_rotated_at,
          lastSeenAt: row.s_last_seen_at,
        },
        opened: openedFromRaw(row),
      };
    },

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
     * The user's trading day at `atMs`: orders opened, and per currency the net result of those
     * settled and the stakes still open — SQL `trade_day`, the one definition trade_open checks
     * the daily limits against.
     */
    async dayStats(
      userId: bigint,
      atMs: number,
      tzOffsetMinutes: number,
    ): Promise<{ orders: number; net: Map<string, bigint>; open: Map<string, bigint> }> {
      const rows = await queryRows<{
        currency: string;
        orders: string | number;
        net: string;
        open: string;
      }>(db, sql`select * from trade_day(${userId}, ${atMs}, ${tzOffsetMinutes})`);
      return {
        orders: rows.reduce((n, r) => n + Number(r.orders), 0),
        net: new Map(rows.map((r) => [r.currency, BigInt(r.net)])),
        open: new Map(rows.map((r) => [r.currency, BigInt(r.open)])),
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

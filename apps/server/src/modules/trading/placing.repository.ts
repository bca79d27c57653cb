// The order path: accepting an order in one prepared statement (trade_open, trade_open_session).
import { preparedStatement, type Db } from '../../db/client.js';
import { dbRefusal } from '../../errors.js';
import type { LiveSession } from '../auth/auth.service.js';
import { orderFromRaw, type Int8, type RawOrderRow } from './raw-orders.js';
import type { OrderRow } from './trading.repository.js';

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

/** trade_open's row: the order, and what the hold did. */
interface RawOrder extends RawOrderRow {
  replayed: boolean;
  available_after: Int8 | null;
  in_order_after: Int8 | null;
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

/** Placing an order: the whole of it in one statement, with or without the session check. */
export function createPlacingRepository(db: Db) {
  return {
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
  };
}

// A trade_order row as raw SQL returns it, and its conversion to the typed row.
import type { OrderRow } from './trading.repository.js';

export type Int8 = string | number;

/** A trade_order row as raw SQL returns it (int8 as decimal strings). */
export interface RawOrderRow {
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

export function orderFromRaw(r: RawOrderRow): OrderRow {
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

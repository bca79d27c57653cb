import type { Db } from '../../db/client.js';
import { createMarketRepository, type TickReference } from './market.repository.js';

const DAY_MS = 86_400_000;

/**
 * Columns elsewhere that point at ticks. Retention never removes a tick one of them names: an
 * order's entry and exit ticks stay verifiable for as long as the order exists.
 */
export const TICK_REFERENCES: readonly TickReference[] = [
  { table: 'trade_order', column: 'strike_tick_id' },
  { table: 'trade_order', column: 'exit_tick_id' },
];

/** How long candles are kept, per interval (ticks: `MARKET_TICK_RETENTION_DAYS`). */
export const CANDLE_RETENTION_MS: Readonly<Record<string, number>> = {
  '1s': 2 * DAY_MS,
  '1Min': 90 * DAY_MS,
};

export interface RetentionReport {
  ticksPruned: number;
  gapsRecorded: number;
  candlesPruned: number;
}

/**
 * Removes ticks older than `retentionMs`, except each symbol's last tick and every tick a
 * reference names. Each removed run is recorded as a gap (market.schema `tick_gap`) in the
 * transaction that removes it, so the chain still verifies end to end. Works in batches so no
 * transaction holds locks for long.
 */
export async function pruneMarketData(opts: {
  db: Db;
  nowMs: number;
  retentionMs: number;
  references?: readonly TickReference[];
  batch?: number;
}): Promise<RetentionReport> {
  const { db, nowMs } = opts;
  const batch = opts.batch ?? 10_000;
  const refs = opts.references ?? TICK_REFERENCES;
  const repo = createMarketRepository(db);
  const report: RetentionReport = { ticksPruned: 0, gapsRecorded: 0, candlesPruned: 0 };

  for (const p of await repo.products()) {
    const upTo = await repo.lastPrunableId(p.symbol, nowMs - opts.retentionMs);
    if (upTo === undefined) continue;
    const kept = await repo.referencedTickIds(p.symbol, upTo, refs);
    // Runs between kept ticks: [0, k1−1], [k1+1, k2−1], …, [kn+1, upTo].
    const runs: [bigint, bigint][] = [];
    let from = 0n;
    for (const k of kept) {
      if (k > from) runs.push([from, k - 1n]);
      from = k + 1n;
    }
    if (from <= upTo) runs.push([from, upTo]);
    for (const [start, end] of runs) {
      for (;;) {
        const n = await db.transaction((tx) =>
          createMarketRepository(tx).pruneRun(p.symbol, start, end, batch, nowMs),
        );
        if (n === 0) break;
        report.ticksPruned += n;
        report.gapsRecorded++;
      }
    }
  }
  for (const [interval, keepMs] of Object.entries(CANDLE_RETENTION_MS)) {
    for (;;) {
      const n = await repo.pruneCandles(interval, nowMs - keepMs, batch);
      report.candlesPruned += n;
      if (n < batch) break;
    }
  }
  return report;
}

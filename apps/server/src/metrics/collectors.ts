import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { PendingQueue } from '@ampere/contract/admin';
import { queryRows, type Db } from '../db/client.js';
import type { Metrics } from './metrics.js';

const DAY_MS = 86_400_000;

/** What the scrape-time series read: cheap queries and this process's own state. */
export interface StateSources {
  db: Db;
  now: () => number;
  /** Earn's operator time zone, minutes east of UTC (when an Earn day starts). */
  utcOffsetMinutes: number;
  openSockets: () => number;
  pendingQueues: () => Promise<PendingQueue[]>;
  feedState: () => Promise<{
    leader: { alive: boolean } | null;
    products: { symbol: string; state: string; lastTickAt: string | null }[];
  }>;
  lastReconciliation: () => Promise<
    | {
        ok: boolean;
        checkedAt: string;
        unbalancedJournals: unknown[];
        balanceMismatches: unknown[];
        negativeBalances: unknown[];
      }
    | undefined
  >;
}

/**
 * How far behind the oldest due work is: an open order past its expiry (settlement), an Earn
 * order whose day has started unpaid (accrual). 0 when nothing is due. Each is one indexed
 * `min` over the rows the jobs' claims read.
 */
async function lags(db: Db, nowMs: number, utcOffsetMinutes: number) {
  const offsetMs = utcOffsetMinutes * 60_000;
  const today = Math.floor((nowMs + offsetMs) / DAY_MS);
  const [settle] = await queryRows<{ oldest: string | null }>(
    db,
    sql`select min(expires_at_ms)::text as oldest from trade_order
         where status = 'open' and expires_at_ms <= ${nowMs}`,
  );
  const [accrue] = await queryRows<{ oldest: number | string | null }>(
    db,
    sql`select min(next_due_day) as oldest from earn_order
         where status = 'hosting' and next_due_day <= ${today}`,
  );
  const settleOldest =
    settle?.oldest === null || settle?.oldest === undefined ? null : Number(settle.oldest);
  const accrueDay = accrue?.oldest ?? null;
  const accrueOldest = accrueDay === null ? null : Number(accrueDay) * DAY_MS - offsetMs;
  return {
    settlement: settleOldest === null ? 0 : Math.max(0, nowMs - settleOldest) / 1000,
    accrual: accrueOldest === null ? 0 : Math.max(0, nowMs - accrueOldest) / 1000,
  };
}

/** Adds the series read on scrape to the process's registry. */
export function registerStateMetrics(metrics: Metrics, sources: StateSources): void {
  const registers = [metrics.registry];
  // Read once before each scrape (metrics.scrape), however many series each read feeds.
  let state:
    | {
        lags: Awaited<ReturnType<typeof lags>>;
        feed: Awaited<ReturnType<StateSources['feedState']>>;
        queues: PendingQueue[];
        reconciliation: Awaited<ReturnType<StateSources['lastReconciliation']>>;
      }
    | undefined;
  metrics.beforeScrape(async () => {
    const [lagsNow, feed, queues, reconciliation] = await Promise.all([
      lags(sources.db, sources.now(), sources.utcOffsetMinutes),
      sources.feedState(),
      sources.pendingQueues(),
      sources.lastReconciliation(),
    ]);
    state = { lags: lagsNow, feed, queues, reconciliation };
  });

  new Gauge({
    name: 'ampere_settlement_lag_seconds',
    help: 'How long the oldest due open order has waited past its expiry (0: none due)',
    registers,
    collect() {
      this.reset();
      if (state) this.set(state.lags.settlement);
    },
  });
  new Gauge({
    name: 'ampere_accrual_lag_seconds',
    help: 'How long the oldest unpaid Earn day has been due (0: none due)',
    registers,
    collect() {
      this.reset();
      if (state) this.set(state.lags.accrual);
    },
  });
  new Gauge({
    name: 'ampere_open_sockets',
    help: 'WebSocket connections open on this node',
    registers,
    collect() {
      this.set(sources.openSockets());
    },
  });
  new Gauge({
    name: 'ampere_feed_product_state',
    help: "Each product's price state (1 for its current state: open, paused or closed)",
    labelNames: ['symbol', 'state'] as const,
    registers,
    collect() {
      this.reset();
      for (const p of state?.feed.products ?? []) this.set({ symbol: p.symbol, state: p.state }, 1);
    },
  });
  new Gauge({
    name: 'ampere_feed_tick_age_seconds',
    help: "Time since each product's last tick",
    labelNames: ['symbol'] as const,
    registers,
    collect() {
      this.reset();
      const at = sources.now();
      for (const p of state?.feed.products ?? [])
        if (p.lastTickAt)
          this.set({ symbol: p.symbol }, Math.max(0, at - Date.parse(p.lastTickAt)) / 1000);
    },
  });
  new Gauge({
    name: 'ampere_feed_leader_alive',
    help: "Whether the feed's leader has reported within its beat (1) or not (0)",
    registers,
    collect() {
      this.reset();
      if (state) this.set(state.feed.leader?.alive ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ampere_pending_reviews',
    help: 'Items waiting for staff, per review queue',
    labelNames: ['queue'] as const,
    registers,
    collect() {
      this.reset();
      for (const q of state?.queues ?? []) this.set({ queue: q.name }, q.count);
    },
  });
  new Gauge({
    name: 'ampere_pending_review_oldest_age_seconds',
    help: 'How long the oldest item of each review queue has waited (0: empty)',
    labelNames: ['queue'] as const,
    registers,
    collect() {
      this.reset();
      const at = sources.now();
      for (const q of state?.queues ?? [])
        this.set(
          { queue: q.name },
          q.oldestAt ? Math.max(0, at - Date.parse(q.oldestAt)) / 1000 : 0,
        );
    },
  });
  new Gauge({
    name: 'ampere_reconciliation_ok',
    help: 'The last ledger reconciliation: 1 clean, 0 drift; absent before the first',
    registers,
    collect() {
      this.reset();
      const r = state?.reconciliation;
      if (r) this.set(r.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ampere_reconciliation_timestamp_seconds',
    help: 'When the last ledger reconciliation ran (Unix time)',
    registers,
    collect() {
      this.reset();
      const r = state?.reconciliation;
      if (r) this.set(Date.parse(r.checkedAt) / 1000);
    },
  });
  new Gauge({
    name: 'ampere_reconciliation_problems',
    help: 'What the last ledger reconciliation found, by kind',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset();
      const r = state?.reconciliation;
      if (!r) return;
      this.set({ kind: 'unbalanced_journals' }, r.unbalancedJournals.length);
      this.set({ kind: 'balance_mismatches' }, r.balanceMismatches.length);
      this.set({ kind: 'negative_balances' }, r.negativeBalances.length);
    },
  });
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobRunEvent, JobStatus } from '../jobs/runner.js';

/**
 * The process's Prometheus series (docs/operations.md, Metrics): one registry per app, so the
 * test files that build many apps in one process never share (or double-register) a series.
 * Events are counted where they happen (requests, orders, job runs, bus deliveries); what is a
 * state (lags, queues, the feed, the last reconciliation) is read on scrape (`collectors.ts`).
 */
export function createMetrics(opts: { defaults: boolean; draining: () => boolean }) {
  const registry = new Registry();
  // Process metrics (CPU, memory, event-loop lag, handles) only where /metrics is served: they
  // start timers and observers a test app has no use for.
  if (opts.defaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'ampere_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'ampere_http_request_duration_seconds',
    help: 'HTTP request latency, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const ordersPlaced = new Counter({
    name: 'ampere_orders_placed_total',
    help: 'Orders accepted by this node (replays not counted), by book and currency',
    labelNames: ['book', 'currency'] as const,
    registers,
  });
  const ordersSettled = new Counter({
    name: 'ampere_orders_settled_total',
    help: 'Orders settled by this node, by book and outcome',
    labelNames: ['book', 'status'] as const,
    registers,
  });
  const busLag = new Histogram({
    name: 'ampere_bus_lag_seconds',
    help: 'From a tick being published to its delivery on this node (ticker channels)',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const jobRuns = new Counter({
    name: 'ampere_job_runs_total',
    help: 'Periodic job runs on this node, by job and result',
    labelNames: ['job', 'result'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'ampere_job_duration_seconds',
    help: 'Periodic job run time, by job',
    labelNames: ['job'] as const,
    buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });

  /** What the runner on this node says (set by main.ts once the jobs start). */
  let jobStatus: (() => { jobs: JobStatus[]; leaders: Record<string, boolean> }) | undefined;
  new Gauge({
    name: 'ampere_job_last_success_age_seconds',
    help: 'Time since the job last ran without failing on this node (jobs active here)',
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset();
      const now = Date.now();
      for (const s of jobStatus?.().jobs ?? [])
        if (s.active && s.lastOkAtMs !== null)
          this.set({ job: s.name }, (now - s.lastOkAtMs) / 1000);
    },
  });
  new Gauge({
    name: 'ampere_job_active',
    help: 'Whether the job runs on this node now (1) or not (0)',
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset();
      for (const s of jobStatus?.().jobs ?? []) this.set({ job: s.name }, s.active ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ampere_leader',
    help: "Whether this node leads the group's election (1) or not (0)",
    labelNames: ['group'] as const,
    registers,
    collect() {
      this.reset();
      for (const [group, leads] of Object.entries(jobStatus?.().leaders ?? {}))
        this.set({ group }, leads ? 1 : 0);
    },
  });

  new Gauge({
    name: 'ampere_draining',
    help: '1 once this node is shutting down (SIGTERM)',
    registers,
    collect() {
      this.set(opts.draining() ? 1 : 0);
    },
  });

  const refreshers: (() => Promise<void>)[] = [];

  return {
    registry,
    /** Registers a read of state to make before each scrape (collectors.ts). */
    beforeScrape(refresh: () => Promise<void>) {
      refreshers.push(refresh);
    },
    /** The Prometheus text of every series, the state read afresh. */
    scrape: async (): Promise<string> => {
      await Promise.all(refreshers.map((refresh) => refresh()));
      return registry.metrics();
    },
    http: (route: string, method: string, status: number, seconds: number) => {
      httpRequests.inc({ route, method, status: String(status) });
      httpDuration.observe({ route, method }, seconds);
    },
    /** The trading service's observer (trading.service.ts). */
    trading: {
      placed: (order: { book: string; currency: string }) => {
        ordersPlaced.inc({ book: order.book, currency: order.currency });
      },
      settled: (order: { book: string; status: string }) => {
        ordersSettled.inc({ book: order.book, status: order.status });
      },
    },
    /** A message arrived from the bus: ticks say when they were made. */
    delivered: (channel: string, data: unknown) => {
      if (!channel.startsWith('ticker.')) return;
      const time = (data as { time?: unknown } | null)?.time;
      if (typeof time === 'number') busLag.observe(Math.max(0, Date.now() - time) / 1000);
    },
    jobRun: (event: JobRunEvent) => {
      jobRuns.inc({ job: event.job, result: event.ok ? 'ok' : 'failed' });
      jobDuration.observe({ job: event.job }, event.ms / 1000);
    },
    watchJobs: (status: () => { jobs: JobStatus[]; leaders: Record<string, boolean> }) => {
      jobStatus = status;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

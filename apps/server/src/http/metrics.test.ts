import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADER_GROUPS } from '../db/lock-keys.js';
import { defineJob, startJobs } from '../jobs/runner.js';
import { recordReconciliation, reconcile } from '../modules/ledger/reconcile.js';
import { creditFromEquity, signUpThroughApi } from '../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../test/harness.js';
import { startMetricsListener } from './metrics.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const GRAFANA = path.resolve(import.meta.dirname, '../../../../deploy/grafana/ampere.json');

/** The series a scrape names (`# TYPE` lines), with a histogram's `_bucket`, `_sum`, `_count`. */
function exported(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (!name) continue;
    names.add(name);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

/** One sample's value: `name{labels} value`, labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (m?.[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return Number.NaN;
}

describe('/metrics', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('is off (404) when neither METRICS_TOKEN nor METRICS_ADDRESS is set', async () => {
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('asks for the Bearer token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('ampere_');
  });

  it('counts an order placed and settled, requests by route pattern, and reads the state', async () => {
    const { id, token } = await signUpThroughApi(t.app, t.database.db, 'metrics1');
    await creditFromEquity(t.database.db, id, 'money', 1_000_00n);
    const at = clock.now().getTime();
    await t.app.services.market.recordTick('BTC/USDT', at, 6_000_000n, 2);
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'metrics-order-000001' },
      payload: {
        symbol: 'BTC/USDT',
        direction: 'up',
        amount: '100.00',
        currency: 'money',
        period: 30,
      },
    });
    expect(buy.json()).toMatchObject({ code: 0 });
    await t.app.inject({ url: '/api/v1/common/image/raw-id-4242' });

    clock.advance(31_000);
    const due = await scrape();
    expect(sample(due, 'ampere_settlement_lag_seconds')).toBeGreaterThanOrEqual(1);

    await t.app.services.market.recordTick('BTC/USDT', at + 31_000, 6_100_000n, 2);
    expect(await t.app.services.trading.settleDue(100)).toBe(1);
    await t.database.db.transaction(async (tx) => {
      await recordReconciliation(tx, await reconcile(tx));
    });

    const text = await scrape();
    expect(sample(text, 'ampere_orders_placed_total', { book: 'real', currency: 'money' })).toBe(1);
    expect(sample(text, 'ampere_orders_settled_total', { book: 'real' })).toBe(1);
    expect(sample(text, 'ampere_settlement_lag_seconds')).toBe(0);
    expect(sample(text, 'ampere_accrual_lag_seconds')).toBe(0);
    // The route's pattern, never the raw URL with the order's id.
    expect(
      sample(text, 'ampere_http_requests_total', {
        route: '/api/v1/user/buy',
        method: 'POST',
        status: '200',
      }),
    ).toBe(1);
    expect(text).toContain('route="/api/v1/common/image/:id"');
    expect(text).not.toContain('raw-id-4242');
    expect(
      sample(text, 'ampere_http_request_duration_seconds_count', {
        route: '/api/v1/user/buy',
        method: 'POST',
      }),
    ).toBe(1);
    expect(sample(text, 'ampere_open_sockets')).toBe(0);
    expect(sample(text, 'ampere_feed_tick_age_seconds', { symbol: 'BTC/USDT' })).toBe(0);
    expect(sample(text, 'ampere_feed_product_state', { symbol: 'BTC/USDT', state: 'open' })).toBe(
      1,
    );
    expect(sample(text, 'ampere_pending_reviews', { queue: 'kyc' })).toBe(0);
    expect(sample(text, 'ampere_reconciliation_ok')).toBe(1);
    expect(sample(text, 'ampere_draining')).toBe(0);
    // Node's own process metrics come along.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reports each job: runs, time since its last success, and leadership', async () => {
    const metrics = t.app.platform.metrics;
    const jobs = startJobs(
      [
        defineJob({
          name: 'test.every',
          mode: 'every-process',
          everyMs: 20,
          run: async () => undefined,
        }),
        defineJob({
          name: 'test.led',
          mode: 'leader',
          everyMs: 20,
          run: () => Promise.reject(new Error('always fails')),
        }),
      ],
      {
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        databaseUrl: undefined,
        onRun: metrics.jobRun,
      },
    );
    metrics.watchJobs(() => ({ jobs: jobs.status(), leaders: jobs.leaders() }));
    try {
      await new Promise((r) => setTimeout(r, 200));
      const text = await scrape();
      expect(
        sample(text, 'ampere_job_runs_total', { job: 'test.every', result: 'ok' }),
      ).toBeGreaterThan(0);
      expect(
        sample(text, 'ampere_job_runs_total', { job: 'test.led', result: 'failed' }),
      ).toBeGreaterThan(0);
      expect(
        sample(text, 'ampere_job_last_success_age_seconds', { job: 'test.every' }),
      ).toBeLessThan(1);
      // Never succeeded: no age to report.
      expect(
        Number.isNaN(sample(text, 'ampere_job_last_success_age_seconds', { job: 'test.led' })),
      ).toBe(true);
      expect(sample(text, 'ampere_job_active', { job: 'test.led' })).toBe(1);
      expect(sample(text, 'ampere_leader', { group: 'jobs' })).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('Grafana dashboard: every query names a series /metrics exports', async () => {
    const names = exported(await scrape());
    const dashboard = JSON.parse(fs.readFileSync(GRAFANA, 'utf8')) as {
      uid: string;
      title: string;
      schemaVersion: number;
      panels: { type: string; title: string; targets?: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBeTruthy();
    expect(dashboard.schemaVersion).toBeGreaterThan(30);
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((x) => x.expr));
    expect(exprs.length).toBeGreaterThan(10);
    const FUNCTIONS = new Set([
      'sum',
      'rate',
      'irate',
      'increase',
      'histogram_quantile',
      'by',
      'max',
      'min',
      'avg',
      'le',
      'count',
      'without',
      'time',
      'topk',
      'clamp_min',
      'or',
      'and',
      'on',
      'vector',
      'delta',
    ]);
    for (const expr of exprs) {
      // Identifiers outside label matchers ({…}) and strings; not functions or keywords.
      const bare = expr
        .replace(/\{[^}]*\}/g, '')
        .replace(/"[^"]*"/g, '')
        .replace(/\[[^\]]*\]/g, '');
      const metricNames = (bare.match(/[a-zA-Z_:][\w:]*/g) ?? []).filter(
        (w) =>
          !FUNCTIONS.has(w) &&
          !/^\d/.test(w) &&
          (w.startsWith('ampere_') ||
            w.startsWith('process_') ||
            w.startsWith('nodejs_') ||
            w === 'up'),
      );
      expect(metricNames.length, expr).toBeGreaterThan(0);
      // A leader group named in a query is one the runner elects.
      for (const [, group] of expr.matchAll(/group="([^"]*)"/g))
        expect(Object.keys(LEADER_GROUPS), expr).toContain(group);
      for (const name of metricNames)
        if (name !== 'up') expect(names.has(name), `${name} in ${expr}`).toBe(true);
    }
  });
});

describe('/metrics on METRICS_ADDRESS', () => {
  it('serves on the internal listener only, with the token when one is set', async () => {
    const t = await createTestApp({
      env: { METRICS_ADDRESS: '127.0.0.1:0', METRICS_TOKEN: TOKEN },
    });
    const server = await startMetricsListener(t.app.platform.env, t.app.platform.metrics);
    try {
      if (!server) throw new Error('no listener');
      // Not on the public listener.
      expect(
        (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
          .statusCode,
      ).toBe(404);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/other`)).status).toBe(404);
      const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('ampere_http_requests_total');
    } finally {
      await new Promise((r) => server?.close(r));
      await t.close();
    }
  });
});

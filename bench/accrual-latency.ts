import type autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '../apps/server/src/db/client.js';
import { earnCalendar } from '../apps/server/src/modules/earn/days.js';
import { runCannon, type CannonResult } from './lib/cannon.js';
import { seedEarnOrders } from './lib/earn-seed.js';
import { runPacedIsolated, type PacedResult } from './lib/paced.js';
import { createDatabase, databaseUrl, dropDatabase, psql } from './lib/postgres.js';
import {
  benchServerEnv,
  buyRequest,
  placeFirstOrders,
  signUpAndSeed,
  startBenchServer,
  tokenOf,
} from './lib/traders.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
const DAY_MS = 86_400_000;
const UTC_OFFSET_MINUTES = 480;
const calendar = earnCalendar(UTC_OFFSET_MINUTES);

export interface AccrualLatencyOptions {
  /** Open Earn orders, all due once each time Earn's clock moves a day. */
  orders: number;
  /** Trading users with sessions and balances; request i signs as user i mod users. */
  users: number;
  connections: number;
  poolSize: number;
  warmupMs: number;
  /** The closed-loop run whose rate, halved, is the phases' rate. */
  saturationMs: number;
  /** Each measured phase (after its lead-in). */
  phaseMs: number;
  leadInMs: number;
  /** Quiet/accruing pairs (≥ 2). */
  pairs: number;
  /** A fixed rate instead of half the measured saturation. */
  ratePerS: number | undefined;
  /** Accrue one day, unmeasured, before the phases (the accrual path compiled and warm). */
  warmDay: boolean;
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const ACCRUAL_LATENCY_DEFAULTS: AccrualLatencyOptions = {
  orders: env('BENCH_AL_ORDERS', 200_000),
  users: env('BENCH_AL_USERS', 2_000),
  connections: 50,
  poolSize: env('BENCH_POOL_SIZE', 50),
  warmupMs: env('BENCH_WARMUP_MS', 10_000),
  saturationMs: env('BENCH_AL_SATURATION_MS', 10_000),
  phaseMs: env('BENCH_AL_PHASE_MS', 10_000),
  leadInMs: env('BENCH_AL_LEAD_IN_MS', 2_000),
  pairs: env('BENCH_AL_PAIRS', 3),
  ratePerS: process.env.BENCH_AL_RATE ? Number(process.env.BENCH_AL_RATE) : undefined,
  warmDay: process.env.BENCH_AL_WARM_DAY !== '0',
};

export interface LatencyPhase {
  kind: 'quiet' | 'accruing';
  /** Earn's operator day during the phase. */
  earnDay: number;
  paced: PacedResult;
  /** The measured window (wall clock, epoch ms). */
  fromMs: number;
  toMs: number;
  /** From moving Earn's clock to the first payment (accruing phases). */
  startWaitMs: number;
  /** Earn accrual rows whose batch began inside the window, and their rate. */
  paidInWindow: number;
  accrualRowsPerS: number;
  /** Share of the window between the day's first and last batch (1: accrual ran throughout). */
  accrualCover: number;
  /** Trade orders expiring (so settled by the server) inside the window. */
  tradesExpiring: number;
  loadAverage: number;
}

export interface DayDrain {
  /** Earn's day when it was paid (the interest is the day before's). */
  day: number;
  rows: number;
  ms: number;
  rowsPerS: number;
}

export interface AccrualLatencyResult {
  opts: AccrualLatencyOptions;
  seedMs: number;
  saturation: CannonResult;
  ratePerS: number;
  phases: LatencyPhase[];
  days: DayDrain[];
  quietP99Ms: number;
  accruingP99Ms: number;
  growthPct: number;
  checks: { unbalancedJournals: number; accrualRows: number; expectedAccrualRows: number };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` (a psql query answering t/f) until true; returns how long that took. */
async function waitFor(database: string, check: string, timeoutMs: number, what: string) {
  const t0 = Date.now();
  while (psql(database, check) !== 't') {
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
  return Date.now() - t0;
}

/**
 * bench/accrual-latency (issue #15): place-order's p99 while Earn's accrual runs. The built server
 * on PostgreSQL, with ORDERS open Earn orders; an open loop of `POST user/buy` at half the
 * closed-loop rate, in phases taken in turns — quiet (nothing due), accruing (Earn's clock moved
 * a day through EARN_TEST_CLOCK_FILE, so the server's own accrual job pays every order a day,
 * in the same process) — `pairs` of each. Goal: median accruing p99 ≤ 1.2 × median quiet p99.
 */
export async function benchAccrualLatency(
  options: Partial<AccrualLatencyOptions> = {},
): Promise<AccrualLatencyResult> {
  const opts = { ...ACCRUAL_LATENCY_DEFAULTS, ...options };
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} missing: run \`npm run build\` first`);
  if (opts.pairs < 2) throw new Error('BENCH_AL_PAIRS must be ≥ 2');
  if (opts.pairs + 1 >= 30) throw new Error('BENCH_AL_PAIRS: the seeded orders last 30 days');
  const database = `ampere_bench_al_${process.pid}`;
  const port = 18_913;
  const base = `http://127.0.0.1:${port}`;
  const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-bench-al-'));
  const clockFile = path.join(clockDir, 'earn-clock');
  fs.writeFileSync(clockFile, '0');
  createDatabase(database);
  const serverEnv = benchServerEnv({
    port,
    database,
    poolSize: opts.poolSize,
    extra: {
      EARN_TEST_CLOCK_FILE: clockFile,
      OPERATOR_UTC_OFFSET_MINUTES: String(UTC_OFFSET_MINUTES),
    },
  });
  const app = await startBenchServer(serverEnv);
  // Earn's day: moved by writing the offset that puts Earn's clock on `day` (rewritten at every
  // phase, so a real midnight during the run does not make the orders due in a quiet phase).
  const setEarnDay = (day: number) => {
    const offset = (day - calendar.dayOf(Date.now())) * DAY_MS;
    if (offset < 0) throw new Error('the operator day changed under the run: run it again');
    fs.writeFileSync(clockFile, String(offset));
    return offset;
  };
  const noneDue = (day: number) =>
    `select not exists (select 1 from earn_order where status = 'hosting' and next_due_day <= ${day});`;
  const beforeRun = () => {
    psql(database, 'vacuum analyze;');
    psql(database, 'checkpoint;');
  };
  try {
    // Seed: traders as place-order seeds them, then the Earn orders as bench/accrual does.
    const t0 = performance.now();
    const { ids } = await signUpAndSeed(base, database, opts.users);
    const startDay = calendar.dayOf(Date.now());
    const seedDb = openPostgres(databaseUrl(database), 4, () => undefined);
    try {
      await seedEarnOrders(seedDb.db, { orders: opts.orders, startDay, createdAtMs: Date.now() });
    } finally {
      await seedDb.close();
    }
    const seedMs = performance.now() - t0;
    const run = Date.now().toString(36);
    const request = (tag: string, i: number) =>
      buyRequest(tokenOf(ids.min + (i % opts.users)), `al-${run}-${tag}-${i}`);
    let seq = 0;
    await placeFirstOrders(base, () => [request('s', seq++)]);
    const closedLoop = (tag: string): autocannon.Request[] => [
      {
        method: 'POST',
        path: '/api/v1/user/buy',
        setupRequest: (req) => {
          const r = request(tag, seq++);
          req.headers = r.headers;
          req.body = r.body;
          return req;
        },
      },
    ];

    // Warm-up, then the closed loop whose half is the phases' rate.
    let earnDay = startDay;
    beforeRun();
    await runCannon({
      url: base,
      connections: opts.connections,
      durationMs: opts.warmupMs,
      requests: closedLoop('w'),
    });
    beforeRun();
    const saturation = await runCannon({
      url: base,
      connections: opts.connections,
      durationMs: opts.saturationMs,
      requests: closedLoop('c'),
    });
    const ratePerS = opts.ratePerS ?? Math.max(1, Math.round(saturation.reqPerS / 2));
    const drained: number[] = [];
    if (opts.warmDay) {
      setEarnDay(++earnDay);
      await waitFor(database, noneDue(earnDay), 3_600_000, 'warm-up day accrued');
      drained.push(earnDay);
    }

    const phases: LatencyPhase[] = [];
    for (let p = 0; p < opts.pairs * 2; p++) {
      const kind = p % 2 === 0 ? 'quiet' : 'accruing';
      beforeRun();
      let startWaitMs = 0;
      if (kind === 'accruing') {
        setEarnDay(++earnDay);
        // The job runs every 10 s: the phase starts once it has paid its first batch.
        startWaitMs = await waitFor(
          database,
          `select exists (select 1 from earn_order where status = 'hosting' and next_due_day > ${earnDay});`,
          120_000,
          'accrual started',
        );
      }
      const offset = setEarnDay(earnDay);
      const loadAverage = os.loadavg()[0] ?? 0;
      const paced = await runPacedIsolated({
        baseUrl: base,
        ratePerS,
        durationMs: opts.phaseMs,
        leadInMs: opts.leadInMs,
        connections: opts.connections,
        request: (i) => request(`p${p}`, i),
      });
      const toMs = Date.now();
      const fromMs = toMs - paced.durationMs;
      if (kind === 'accruing') {
        await waitFor(database, noneDue(earnDay), 3_600_000, `day ${earnDay} accrued`);
        drained.push(earnDay);
      }
      // paid_at_ms is Earn's clock (wall clock + offset) when the row's batch began.
      const [inWindow, first, last, expiring] = psql(
        database,
        `select count(*) filter (where paid_at_ms >= ${fromMs + offset} and paid_at_ms < ${toMs + offset}),
                coalesce(min(paid_at_ms) filter (where day = ${earnDay - 1}), 0),
                coalesce(max(paid_at_ms) filter (where day = ${earnDay - 1}), 0),
                (select count(*) from trade_order
                  where expires_at_ms >= ${fromMs} and expires_at_ms < ${toMs})
           from earn_accrual;`,
      )
        .split('|')
        .map(Number);
      const paidInWindow = inWindow ?? 0;
      const span =
        kind === 'accruing'
          ? Math.min(toMs, (last ?? 0) - offset) - Math.max(fromMs, (first ?? 0) - offset)
          : 0;
      phases.push({
        kind,
        earnDay,
        paced,
        fromMs,
        toMs,
        startWaitMs,
        paidInWindow,
        accrualRowsPerS: (paidInWindow / (toMs - fromMs)) * 1000,
        accrualCover: Math.max(0, span) / (toMs - fromMs),
        tradesExpiring: expiring ?? 0,
        loadAverage,
      });
    }

    // Each day drained: every order paid once, and how fast (first to last batch start).
    const days = drained.map((day) => {
      const [rows, ms] = psql(
        database,
        `select count(*), coalesce(max(paid_at_ms) - min(paid_at_ms), 0) from earn_accrual where day = ${day - 1};`,
      )
        .split('|')
        .map(Number);
      return {
        day,
        rows: rows ?? 0,
        ms: ms ?? 0,
        rowsPerS: ((rows ?? 0) / Math.max(1, ms ?? 0)) * 1000,
      };
    });
    const [unbalanced, accrualRows] = psql(
      database,
      `select count(*) from (select journal_id from ledger_posting group by journal_id, currency
                              having sum(amount_minor) <> 0) x;
       select count(*) from earn_accrual;`,
    )
      .split('\n')
      .map(Number);
    const p99 = (kind: LatencyPhase['kind']) =>
      median(phases.filter((x) => x.kind === kind).map((x) => x.paced.p99Ms));
    const quietP99Ms = p99('quiet');
    const accruingP99Ms = p99('accruing');
    return {
      opts,
      seedMs,
      saturation,
      ratePerS,
      phases,
      days,
      quietP99Ms,
      accruingP99Ms,
      growthPct: (accruingP99Ms / quietP99Ms - 1) * 100,
      checks: {
        unbalancedJournals: unbalanced ?? -1,
        accrualRows: accrualRows ?? -1,
        expectedAccrualRows: drained.length * opts.orders,
      },
    };
  } finally {
    await app.stop();
    fs.rmSync(serverEnv.DATA_DIR, { recursive: true, force: true });
    fs.rmSync(clockDir, { recursive: true, force: true });
    dropDatabase(database);
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The result as Markdown: the phases in the order run, then the comparison. */
export function accrualLatencyReport(r: AccrualLatencyResult): string {
  const o = r.opts;
  const c = r.checks;
  const lines = [
    `accrual-latency: ${fmt(o.orders)} Earn orders, ${fmt(o.users)} trading users, ${o.connections} connections, pool ${o.poolSize}; seed ${fmt(r.seedMs / 1000, 1)} s; ${o.warmupMs / 1000} s warm-up; closed loop ${fmt(r.saturation.reqPerS)} req/s (p99 ${fmt(r.saturation.p99Ms, 1)} ms) → open loop at ${fmt(r.ratePerS)}/s${o.ratePerS === undefined ? ' (half)' : ' (BENCH_AL_RATE)'}; phases ${o.phaseMs / 1000} s after a ${o.leadInMs / 1000} s lead-in${o.warmDay ? '; one day accrued unmeasured first' : ''}`,
    '',
    '| # | phase | Earn day | sent/s | p50 ms | p99 ms | answers | accrual rows in window | accrual rows/s | accrual busy, % of window | wait for accrual s | trades expiring | load avg |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.phases.map((p, i) => {
      const answers = Object.entries(p.paced.statusCounts)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
      const accruing = p.kind === 'accruing';
      return `| ${i + 1} | ${p.kind} | ${calendar.label(p.earnDay)} | ${fmt(p.paced.sentPerS)} | ${fmt(p.paced.p50Ms, 1)} | ${fmt(p.paced.p99Ms, 1)} | ${answers} | ${fmt(p.paidInWindow)} | ${fmt(p.accrualRowsPerS)} | ${accruing ? fmt(p.accrualCover * 100) : '–'} | ${accruing ? fmt(p.startWaitMs / 1000, 1) : '–'} | ${fmt(p.tradesExpiring)} | ${fmt(p.loadAverage, 1)} |`;
    }),
    '',
    `median p99: quiet ${fmt(r.quietP99Ms, 1)} ms, accruing ${fmt(r.accruingP99Ms, 1)} ms → growth ${fmt(r.growthPct, 1)} % — goal ≤ 20 %`,
    `median p50: quiet ${fmt(median(r.phases.filter((p) => p.kind === 'quiet').map((p) => p.paced.p50Ms)), 1)} ms, accruing ${fmt(median(r.phases.filter((p) => p.kind === 'accruing').map((p) => p.paced.p50Ms)), 1)} ms`,
    `days of interest paid (every order, first to last batch start): ${r.days.map((d) => `${calendar.label(d.day - 1)} (paid on Earn day ${calendar.label(d.day)}) ${fmt(d.rows)} rows in ${fmt(d.ms / 1000, 1)} s, ${fmt(d.rowsPerS)}/s`).join('; ')}`,
    `checks: ${fmt(c.accrualRows)} accrual rows (expected ${fmt(c.expectedAccrualRows)}: each order once a day) — ${c.accrualRows === c.expectedAccrualRows ? 'consistent' : 'MISMATCH'}; ${c.unbalancedJournals} unbalanced journals`,
  ];
  const short = r.phases.filter((p) => p.kind === 'accruing' && p.accrualCover < 0.99);
  if (short.length > 0)
    lines.push(
      `WARNING: accrual stopped inside ${short.length} accruing window(s) (busy < 99 %): those phases were partly quiet — raise BENCH_AL_ORDERS`,
    );
  return lines.join('\n');
}

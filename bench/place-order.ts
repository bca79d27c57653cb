import { summariseCpuProfile, type ProfileLine } from './lib/cpuprofile.js';
import type autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCpuSampler, type CpuReport } from './lib/cpu.js';
import type { LoadResult } from './lib/load.js';
import { runPacedIsolated, type PacedResult } from './lib/paced.js';
import { runPgbench, type PgbenchResult } from './lib/pgbench.js';
import { createDatabase, dropDatabase, psql } from './lib/postgres.js';
import { startProcess } from './lib/process.js';
import { runCannon as cannon } from './lib/cannon.js';
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
const SCRIPT = path.join(ROOT, 'bench', 'anchors', 'place-order.sql');

export interface PlaceOrderOptions {
  /** Users seeded with a session and a balance (the distinct-user phases draw from them). */
  users: number;
  connections: number;
  /** The server's database pool (DATABASE_POOL_SIZE). */
  poolSize: number;
  warmupMs: number;
  durationMs: number;
  /** Distinct-user phases and anchor runs, taken in turns; the ratio is of their medians. */
  rounds: number;
  pgbenchThreads: number;
  /** After the measured phases: one more distinct-user run under `node --cpu-prof`. */
  profile: boolean;
  /** Where to keep that run's `.cpuprofile` (default: a temporary directory, removed). */
  profileDir: string | undefined;
  /** Keep the database afterwards (its name is in the result). */
  keepDatabase: boolean;
}

export const PLACE_ORDER_DEFAULTS: PlaceOrderOptions = {
  users: 2_000,
  connections: 50,
  poolSize: Number(process.env.BENCH_POOL_SIZE ?? 50),
  // Node compiles the hot path with TurboFan over the first ≈ 10 s of load (a buy costs 1.6 ms
  // of CPU in the first 6 s, 0.9 in the next, 0.85 after): the phases measure the steady state.
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 10_000),
  durationMs: Number(process.env.BENCH_DURATION_MS ?? 10_000),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  pgbenchThreads: 2,
  profile: process.env.BENCH_PROFILE === '1' || Boolean(process.env.BENCH_PROFILE_DIR),
  profileDir: process.env.BENCH_PROFILE_DIR,
  keepDatabase: false,
};

export interface PhaseResult extends LoadResult {
  /** Answers by HTTP status (and `error`/`timeout` for transport failures). */
  statuses: Record<string, number>;
  /** Rows added to trade_order during the phase: every 2xx is one, a cut-off request may be. */
  ordersWritten: number;
  /** Requests still unanswered when the phase ended (the client closes their sockets). */
  cutOff: number;
  cpu: CpuReport;
}

export interface PlaceOrderResult {
  opts: PlaceOrderOptions;
  database: string;
  seedMs: number;
  hello: PhaseResult;
  /** The median round's. */
  distinct: PhaseResult;
  hot: PhaseResult;
  halfRate: PacedResult & { ordersWritten: number; cpu: CpuReport };
  pgbench: {
    distinct: PgbenchResult & { cpu: CpuReport };
    hot: PgbenchResult & { cpu: CpuReport };
    /** The same open-loop rate as the HTTP half-rate run (`-R`): the database's own p99 there. */
    halfRate: PgbenchResult & { cpu: CpuReport };
    /** `-M extended`: every statement parsed and planned each time (not an anchor). */
    extended: PgbenchResult & { cpu: CpuReport };
  };
  lowerAnchor: 'hello' | 'pgbench';
  /** Median distinct-user req/s over the lower anchor's (pgbench: its median) (goal ≥ 0.6). */
  ratio: number;
  /** Hot-user req/s over pgbench's hot-user tps (same SQL, all on one account). */
  hotRatio: number;
  /** req/s of each round's distinct-user phase, and of its anchor (in the order run). */
  distinctRounds: number[];
  pgDistinctRounds: number[];
  /** The ledger re-checked at the end. */
  checks: {
    unbalancedJournals: number;
    balanceMismatches: number;
    orders: number;
    /** 2xx answers: each must be an order. */
    accepted: number;
    /** Requests cut off at a phase's end: each may be an order. */
    cutOff: number;
    /** pgbench transactions: each wrote an order. */
    transactions: number;
  };
  profile?: { areas: ProfileLine[]; functions: ProfileLine[]; reqPerS: number };
}

/** Leads in run and left out of open-loop and pgbench runs (fresh connections, fresh plans). */
const PGBENCH_LEAD_IN_MS = 2_000;

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The item whose `key` is the median (the lower middle of an even count). */
function medianBy<T>(items: T[], key: (t: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  const item = sorted[Math.floor((sorted.length - 1) / 2)];
  if (item === undefined) throw new Error('median of nothing');
  return item;
}

/**
 * trade_order's row count once it stops changing: a closed loop stops with up to one request per
 * connection in flight, which the server still commits after the client has gone.
 */
async function ordersCount(database: string): Promise<number> {
  let last = Number(psql(database, 'select count(*) from trade_order;'));
  for (let i = 0; i < 25; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const now = Number(psql(database, 'select count(*) from trade_order;'));
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** The ledger's own invariants (the reconciliation job's queries, reduced to counts). */
function ledgerChecks(database: string) {
  const [unbalanced, mismatches, orders] = psql(
    database,
    `
select count(*) from (select journal_id from ledger_posting group by journal_id, currency
                       having sum(amount_minor) <> 0) x;
select count(*) from ledger_account a
  left join (select account_id, sum(amount_minor) as total from ledger_posting group by account_id) p
    on p.account_id = a.id
 where a.user_id is not null and a.balance_minor <> coalesce(p.total, 0);
select count(*) from trade_order;
`,
  )
    .split('\n')
    .map(Number);
  return {
    unbalancedJournals: unbalanced ?? -1,
    balanceMismatches: mismatches ?? -1,
    orders: orders ?? -1,
  };
}

/** The order path's parts, for the profile summary. */
function orderPathArea(fn: string, url: string): string {
  if (!url) return fn.startsWith('(') ? fn : 'native (syscalls, bindings)';
  if (url.includes('node_modules/pg') || url.includes('node_modules/postgres-'))
    return 'pg driver (node-postgres)';
  if (url.includes('drizzle-orm')) return 'drizzle-orm';
  if (url.includes('node_modules/zod') || url.includes('fastify-type-provider-zod')) return 'zod';
  if (/fastify|avvio|find-my-way|light-my-request|pino|@fastify/.test(url))
    return 'fastify, plugins, pino';
  if (url.includes('i18next')) return 'i18next';
  if (url.startsWith('node:')) return 'node core (net, http, streams, crypto)';
  if (url.includes('/apps/server/') || url.includes('/packages/contract/'))
    return 'Ampere server code';
  return 'other';
}

/** Self time by area and by function over the `.cpuprofile` files in `dir`, % of all samples. */
const summariseProfile = (dir: string, top = 20) => summariseCpuProfile(dir, top, orderPathArea);

/**
 * bench/place-order (issue #6): `POST /api/v1/user/buy` on PostgreSQL, closed loop at 50
 * connections — distinct users, then one hot user — against two anchors measured in the same
 * run: a Fastify hello-world on the same Node with the same client, and pgbench running the
 * request's SQL (bench/anchors/place-order.sql) at the same concurrency on the same data. The
 * distinct-user phase and the pgbench anchor are taken in turns, `rounds` of each, and compared
 * by their medians. Then an open-loop run at half the distinct-user rate for its p99, and
 * pgbench at that rate. Goal: ≥ 0.6 × the lower anchor, p99 ≤ 10 ms at half that rate.
 */
export async function benchPlaceOrder(
  options: Partial<PlaceOrderOptions> = {},
): Promise<PlaceOrderResult> {
  const opts = { ...PLACE_ORDER_DEFAULTS, ...options };
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} missing: run \`npm run build\` first`);
  const { connections, durationMs, warmupMs } = opts;
  const helloPort = 18_911;
  const appPort = 18_912;
  const self = process.pid;
  let serverPid: number | undefined;
  let pgbenchPid: number | undefined;
  const database = `ampere_bench_po_${process.pid}`;
  const sampler = () =>
    startCpuSampler([
      { name: 'client', match: (pid) => pid === self },
      { name: 'server', match: (pid) => pid === serverPid },
      { name: 'pgbench', match: (pid) => pid === pgbenchPid },
      {
        name: 'postgres',
        // Backends of this database: `postgres: 15/main: postgres <db> 127.0.0.1(…) idle`
        match: (_pid, cmdline) =>
          cmdline.startsWith('postgres: ') && cmdline.includes(` postgres ${database} `),
      },
    ]);

  // Anchor 1: Fastify hello-world, same Node, same client, same connections.
  const anchor = await startProcess(
    process.execPath,
    [path.join(ROOT, 'bench', 'anchors', 'hello.mjs')],
    { PORT: String(helloPort) },
    `http://127.0.0.1:${helloPort}/hello`,
  );
  serverPid = anchor.child.pid;
  let hello: PhaseResult;
  try {
    const url = `http://127.0.0.1:${helloPort}/hello`;
    await cannon({ url, connections, durationMs: warmupMs });
    const cpu = sampler();
    const r = await cannon({ url, connections, durationMs });
    const cpuReport = cpu.stop();
    hello = { ...r, ordersWritten: 0, cpu: cpuReport };
  } finally {
    await anchor.stop();
  }

  createDatabase(database);
  const serverEnv = benchServerEnv({ port: appPort, database, poolSize: opts.poolSize });
  const base = `http://127.0.0.1:${appPort}`;
  const startServer = (nodeArgs: string[] = []) => startBenchServer(serverEnv, nodeArgs);
  // Every measured run follows a vacuum, a checkpoint and a lead-in. The vacuum does what
  // autovacuum does in production (this machine's PostgreSQL runs with it off): every order
  // leaves two dead balance rows behind, and without it each run would pay for the garbage of
  // all the runs before it — the late ones most (after ≈ 700,000 orders, pgbench's p50 at the
  // half rate was 4.8 ms, 1.0 ms once vacuumed). The checkpoint: the first write to each page
  // after one logs the whole page, so a checkpoint that fell inside one run and not another would
  // weigh on that run alone.
  const beforeRun = () => {
    psql(database, 'vacuum analyze;');
    psql(database, 'checkpoint;');
  };
  try {
    const distinctRounds: PhaseResult[] = [];
    const pgDistinctRounds: (PgbenchResult & { cpu: CpuReport })[] = [];
    let hot: PhaseResult | undefined;
    let halfRate: PlaceOrderResult['halfRate'] | undefined;
    let seedMs = 0;
    let ids = { min: 0, max: 0 };
    let hotToken = '';
    let accepted = 0;
    let cutOff = 0;
    const run = Date.now().toString(36);
    let seq = 0;
    const distinctRequest = (i: number) =>
      buyRequest(tokenOf(ids.min + (i % opts.users)), `po-${run}-${i}`);
    const hotRequest = (i: number) => buyRequest(hotToken, `po-${run}-h${i}`);
    const closedLoop = (make: typeof distinctRequest): autocannon.Request[] => [
      {
        method: 'POST',
        path: '/api/v1/user/buy',
        setupRequest: (req) => {
          const r = make(seq++);
          req.headers = r.headers;
          req.body = r.body;
          return req;
        },
      },
    ];
    const phase = async (requests: autocannon.Request[], ms: number): Promise<PhaseResult> => {
      const before = await ordersCount(database);
      const cpu = sampler();
      const r = await cannon({ url: base, connections, durationMs: ms, requests });
      const cpuReport = cpu.stop();
      accepted += r.requests;
      cutOff += r.cutOff;
      return { ...r, ordersWritten: (await ordersCount(database)) - before, cpu: cpuReport };
    };

    // Anchor 2: pgbench, the same SQL at the same concurrency on the same data (server stopped,
    // so its pool's connections are closed; the anchor accepts a strike of any age).
    const bench = async (
      vars: Record<string, number>,
      ms: number,
      mode: 'prepared' | 'extended' = 'prepared',
      ratePerS?: number,
    ) => {
      beforeRun();
      const cpu = sampler();
      const r = await runPgbench({
        database,
        script: SCRIPT,
        clients: connections,
        threads: opts.pgbenchThreads,
        durationMs: ms,
        vars,
        mode,
        ...(ratePerS === undefined ? {} : { ratePerS }),
        // Fresh connections: each backend's first transactions load catalogs and compile the
        // functions; the server's pool did that in its warm-up.
        warmupMs: PGBENCH_LEAD_IN_MS,
        onSpawn: (pid) => (pgbenchPid = pid),
      });
      return { ...r, command: r.command.replace(`${ROOT}/`, ''), cpu: cpu.stop() };
    };
    const all = () => ({ uid_min: ids.min, uid_max: ids.max });

    // The distinct-user phase and its anchor, in turns (`rounds` of each), so that the data's
    // growth and the machine's drift fall on both alike; the ratio is of their medians.
    for (let round = 0; round < opts.rounds; round++) {
      const last = round === opts.rounds - 1;
      const app = await startServer();
      serverPid = app.child.pid;
      try {
        if (round === 0) {
          // Seed: the hot user through the API (a real sign-up), the rest set-based in SQL.
          const t0 = performance.now();
          ({ ids, hotToken } = await signUpAndSeed(base, database, opts.users));
          seedMs = performance.now() - t0;
        }

        // Smoke: both kinds of token place an order (waits for the feed's first tick).
        accepted += await placeFirstOrders(base, () => [distinctRequest(seq++), hotRequest(seq++)]);

        // Warm-up (V8 compiles the hot path; the pages are logged whole once after the
        // checkpoint), then the measured phase.
        beforeRun();
        const warm = await cannon({
          url: base,
          connections,
          durationMs: warmupMs,
          requests: closedLoop(distinctRequest),
        });
        accepted += warm.requests;
        cutOff += warm.cutOff;
        distinctRounds.push(await phase(closedLoop(distinctRequest), durationMs));

        if (last) {
          hot = await phase(closedLoop(hotRequest), durationMs);
          // Open loop at half the median distinct-user rate; its p99.
          beforeRun();
          const before = await ordersCount(database);
          const cpu = sampler();
          const r = await runPacedIsolated({
            baseUrl: base,
            ratePerS: Math.max(1, Math.round(median(distinctRounds.map((d) => d.reqPerS)) / 2)),
            durationMs,
            leadInMs: PGBENCH_LEAD_IN_MS,
            connections,
            request: (i) => distinctRequest(1_000_000_000 + i),
          });
          const cpuReport = cpu.stop();
          // Every answer of the run is an order, the lead-in's too.
          accepted += (r.statusCounts['200'] ?? 0) + r.leadInOk;
          halfRate = {
            ...r,
            ordersWritten: (await ordersCount(database)) - before,
            cpu: cpuReport,
          };
        }
      } finally {
        await app.stop();
      }
      pgDistinctRounds.push(await bench(all(), durationMs));
    }
    if (!hot || !halfRate) throw new Error('no rounds');

    const hotId = Number(psql(database, `select id from app_user where username = 'pohot';`));
    const pgHot = await bench({ uid_min: hotId, uid_max: hotId }, durationMs);
    // For the analysis, not the goal: the same script with unnamed statements, parsed and planned
    // on every execution.
    const pgExtended = await bench(all(), durationMs, 'extended');
    // For the half-rate goal: pgbench alone at the rate the HTTP open loop ran at.
    const pgHalf = await bench(all(), durationMs, 'prepared', halfRate.targetPerS);
    const transactions = [...pgDistinctRounds, pgHot, pgExtended, pgHalf].reduce(
      (n, b) => n + b.requests,
      0,
    );
    // Before the profiled run (its orders are not counted).
    const checks = { ...ledgerChecks(database), accepted, cutOff, transactions };
    const distinct = medianBy(distinctRounds, (d) => d.reqPerS);
    const pgDistinct = medianBy(pgDistinctRounds, (d) => d.reqPerS);

    let profile: PlaceOrderResult['profile'];
    if (opts.profile) {
      const dir = opts.profileDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-po-prof-'));
      const app = await startServer(['--cpu-prof', '--cpu-prof-dir', dir]);
      serverPid = app.child.pid;
      let r: Awaited<ReturnType<typeof cannon>>;
      try {
        const run = Date.now().toString(36);
        let n = 0;
        r = await cannon({
          url: base,
          connections,
          durationMs,
          requests: [
            {
              method: 'POST',
              path: '/api/v1/user/buy',
              setupRequest: (req) => {
                const i = n++;
                const r = buyRequest(tokenOf(ids.min + (i % opts.users)), `pp-${run}-${i}`);
                req.headers = r.headers;
                req.body = r.body;
                return req;
              },
            },
          ],
        });
      } finally {
        await app.stop();
      }
      profile = { ...summariseProfile(dir), reqPerS: r.reqPerS };
      if (!opts.profileDir) fs.rmSync(dir, { recursive: true, force: true });
    }

    const lowerAnchor = hello.reqPerS <= pgDistinct.reqPerS ? 'hello' : 'pgbench';
    const lower = Math.min(hello.reqPerS, pgDistinct.reqPerS);
    return {
      opts,
      database,
      seedMs,
      hello,
      distinct,
      hot,
      halfRate,
      pgbench: { distinct: pgDistinct, hot: pgHot, extended: pgExtended, halfRate: pgHalf },
      lowerAnchor,
      ratio: distinct.reqPerS / lower,
      hotRatio: hot.reqPerS / pgHot.reqPerS,
      distinctRounds: distinctRounds.map((d) => d.reqPerS),
      pgDistinctRounds: pgDistinctRounds.map((d) => d.reqPerS),
      checks,
      ...(profile ? { profile } : {}),
    };
  } finally {
    fs.rmSync(serverEnv.DATA_DIR, { recursive: true, force: true });
    if (!opts.keepDatabase) dropDatabase(database);
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (r: { p50Ms: number; p99Ms: number }) => `${fmt(r.p50Ms, 1)} / ${fmt(r.p99Ms, 1)}`;
const sum = (c: CpuReport) => Object.values(c.groups).reduce((x, y) => x + y, 0);
const cpuText = (c: CpuReport) =>
  [
    ...Object.entries(c.groups)
      .filter(([, v]) => v >= 0.5)
      .map(([k, v]) => `${k} ${fmt(v)}`),
    `others ${fmt(Math.max(0, c.machinePct - sum(c)))}`,
  ].join(', ') + ` (machine ${fmt(c.machinePct)} of ${c.cores * 100})`;
/** CPU per request: the process answering (server, or pgbench as the client) + PostgreSQL. */
const perRequest = (l: LoadResult, c: CpuReport) => {
  const per = (pct: number) => fmt((pct * 10) / Math.max(1e-9, l.reqPerS), 2);
  const own = (c.groups.server ?? 0) + (c.groups.pgbench ?? 0);
  const pg = c.groups.postgres ?? 0;
  return pg > 0 ? `${per(own)} + ${per(pg)}` : per(own);
};
const statusText = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');

/** The result as Markdown: a table for BENCHMARKS.md and the notes under it. */
export function placeOrderReport(r: PlaceOrderResult): string {
  const o = r.opts;
  const lower = r.lowerAnchor === 'hello' ? r.hello.reqPerS : r.pgbench.distinct.reqPerS;
  const pg = r.pgbench;
  const rows: [string, LoadResult, string, CpuReport][] = [
    ['Fastify hello-world (anchor)', r.hello, statusText(r.hello.statuses), r.hello.cpu],
    [
      `pgbench, same SQL, ${o.users} users (anchor, median of ${o.rounds})`,
      pg.distinct,
      `failed ${pg.distinct.failed}`,
      pg.distinct.cpu,
    ],
    [
      `POST user/buy, ${o.users} distinct users (median of ${o.rounds})`,
      r.distinct,
      statusText(r.distinct.statuses),
      r.distinct.cpu,
    ],
    ['pgbench, same SQL, one hot user', pg.hot, `failed ${pg.hot.failed}`, pg.hot.cpu],
    ['POST user/buy, one hot user', r.hot, statusText(r.hot.statuses), r.hot.cpu],
    [
      `POST user/buy, open loop at ${fmt(r.halfRate.targetPerS)}/s (half)`,
      r.halfRate,
      statusText(r.halfRate.statusCounts),
      r.halfRate.cpu,
    ],
    [
      `pgbench, same SQL, open loop at ${fmt(r.halfRate.targetPerS)}/s — not an anchor`,
      pg.halfRate,
      `failed ${pg.halfRate.failed}`,
      pg.halfRate.cpu,
    ],
    [
      `pgbench -M extended (statements re-planned), ${o.users} users — not an anchor`,
      pg.extended,
      `failed ${pg.extended.failed}`,
      pg.extended.cpu,
    ],
  ];
  const c = r.checks;
  const written = c.orders - c.transactions;
  const consistent = c.accepted <= written && written <= c.accepted + c.cutOff;
  const rounds = r.distinctRounds
    .map((d, i) => {
      const a = r.pgDistinctRounds[i] ?? NaN;
      return `${fmt(d)} / ${fmt(a)} (${fmt(d / a, 2)})`;
    })
    .join(', ');
  const lines = [
    `place-order: ${o.connections} connections (pgbench -c ${o.connections} -j ${o.pgbenchThreads}), ${o.warmupMs / 1000} s warm-up, ${o.durationMs / 1000} s per phase; ${o.users} seeded users (seed ${fmt(r.seedMs / 1000, 1)} s)`,
    '',
    '| run | req/s (tps) | p50 / p99 ms | answers | CPU ms per request (Node or pgbench + PostgreSQL) | CPU, % of one core |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      ([name, l, answers, c]) =>
        `| ${name} | ${fmt(l.reqPerS)} | ${ms(l)} | ${answers} | ${perRequest(l, c)} | ${cpuText(c)} |`,
    ),
    '',
    `ratio, distinct users / lower anchor (${r.lowerAnchor}, ${fmt(lower)}/s): ${fmt(r.ratio, 2)} — goal ≥ 0.60`,
    `ratio, hot user / pgbench hot user: ${fmt(r.hotRatio, 2)}`,
    `p99 at half the distinct-user rate (${fmt(r.halfRate.targetPerS)}/s asked, ${fmt(r.halfRate.sentPerS)}/s sent, send lag p99 ${fmt(r.halfRate.sendLagP99Ms, 1)} ms): ${fmt(r.halfRate.p99Ms, 1)} ms — goal ≤ 10`,
    `half rate, answers over 10 ms by second of the run: ${JSON.stringify(r.halfRate.slowBySecond)}`,
    `distinct-user rounds in the order run, server / pgbench req/s (ratio): ${rounds}`,
    `orders written per phase (2xx answers, cut off): distinct ${r.distinct.ordersWritten} (${r.distinct.requests}, ${r.distinct.cutOff}), hot ${r.hot.ordersWritten} (${r.hot.requests}, ${r.hot.cutOff}), half rate ${r.halfRate.ordersWritten} (${r.halfRate.requests} measured after the lead-in)`,
    `ledger at the end: ${c.orders} orders = ${c.accepted} accepted requests + ${c.transactions} pgbench transactions (+ up to ${c.cutOff} cut off at phase ends) — ${consistent ? 'consistent' : 'MISMATCH'}; ${c.unbalancedJournals} unbalanced journals, ${c.balanceMismatches} cached balances off`,
    `anchor command: ${pg.distinct.command}`,
  ];
  if (r.profile) {
    lines.push(
      '',
      `server CPU profile (node --cpu-prof over its whole life, start-up included; distinct users at ${fmt(r.profile.reqPerS)} req/s while profiled), self time as % of samples:`,
    );
    for (const p of r.profile.areas) lines.push(`${fmt(p.selfPct, 1).padStart(5)} %  ${p.frame}`);
    lines.push('');
    for (const p of r.profile.functions)
      lines.push(`${fmt(p.selfPct, 1).padStart(5)} %  ${p.frame}`);
  }
  return lines.join('\n');
}

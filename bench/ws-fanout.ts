import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { startCpuSampler, type CpuReport } from './lib/cpu.js';
import { summariseCpuProfile, type ProfileLine } from './lib/cpuprofile.js';
import type {
  ClientConnected,
  ClientMeasure,
  ClientReceived,
  ClientReceivedAsk,
  ClientReport,
  ClientStart,
} from './ws-fanout/client.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(HERE, '..', 'apps', 'server');

/**
 * Bundles the subject as apps/server/build.mjs bundles the server (esbuild, ESM, node20, npm
 * dependencies external), so it runs as production does: plain node, no TypeScript loader. The
 * bundle sits in bench/dist so node_modules resolve; `import.meta.url` is pinned to the server's
 * source tree, where the migrations lookup (src/db/migrate.ts) expects to start walking up.
 */
export async function bundleSubject(): Promise<string> {
  const pkg = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);
  const outfile = path.join(HERE, 'dist', 'ampere-server.mjs');
  await build({
    entryPoints: [path.join(HERE, 'ws-fanout', 'ampere-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    define: {
      'import.meta.url': JSON.stringify(
        pathToFileURL(path.join(SERVER, 'src', 'db', 'migrate.ts')).href,
      ),
    },
    logLevel: 'warning',
  });
  return outfile;
}

export interface WsFanoutOptions {
  /** Socket connections in total, spread over `clients` processes (spec: 10,000). */
  connections: number;
  clients: number;
  warmupMs: number;
  durationMs: number;
  symbols: number;
  tickMs: number;
  /** Which servers to measure (both, for the ratio). */
  target: 'both' | 'ampere' | 'anchor';
  /** Profiles both servers over the measured window and prints where their time went. */
  profile: boolean;
  /** The Ampere server's RATE_LIMIT_PER_MIN (its default, 1200, refuses most of 10k sockets). */
  rateLimitPerMin: number;
}

export const WS_FANOUT_DEFAULTS: WsFanoutOptions = {
  connections: 10_000,
  clients: 4,
  warmupMs: 5_000,
  durationMs: 20_000,
  symbols: 5,
  tickMs: 250,
  target: 'both',
  profile: false,
  rateLimitPerMin: 1_000_000,
};

interface ServerStats {
  type: 'stats';
  cpu: NodeJS.CpuUsage;
  memory: NodeJS.MemoryUsage;
  ticks: number;
  skipped: number;
  writeP50Ms?: number;
  writeP99Ms?: number;
  connections: number;
  published?: { counts: Record<string, number>; delays: Record<string, number> };
}

/** One server process's share of a run (a cluster run has several; servers[0] leads). */
export interface NodeShare {
  connections: number;
  cpuPct: number;
  idleCpuPct: number;
}

/** Every subscription owed every tick published in the window: what arrived of it. */
export interface Loss {
  windowMs: number;
  published: number;
  owed: number;
  lost: number;
  duplicated: number;
  /** The window's messages, from the tick's publish on the leader (after its write) to receipt. */
  fromPublishP50Ms: number;
  fromPublishP99Ms: number;
}

export interface FanoutResult {
  target: string;
  symbols: string[];
  open: number;
  failed: number;
  failures: Record<string, number>;
  subscriptions: number;
  deliveredPerS: number;
  /** Open connections that received nothing in the window. */
  silent: number;
  /** What every open subscription receiving every tick published in the window would be. */
  expectedPerS: number;
  ticksPerS: number;
  skippedTicks: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  serverCpuPct: number;
  /** The server's CPU before anyone connected (ticks, background jobs). */
  idleCpuPct: number;
  clientCpuPct: number;
  /** (RSS with every socket open and subscribed, at the end of the window − RSS before) / open */
  kbPerConnection: number;
  heapKbPerConnection: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  closedInWindow: number;
  closeCodes: Record<string, number>;
  writeP50Ms?: number | undefined;
  writeP99Ms?: number | undefined;
  profile?: { areas: ProfileLine[]; functions: ProfileLine[] } | undefined;
  nodes: NodeShare[];
  loss?: Loss | undefined;
  /** Redis's and PostgreSQL's CPU over the window (every user's), and the whole machine's. */
  infra: CpuReport;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the next IPC message of `type` from `child` (bounded wait). */
function nextMessage<T extends { type: string }>(
  child: ChildProcess,
  type: T['type'],
  timeoutMs = 120_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no '${type}' from pid ${child.pid} in ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: T) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`pid ${child.pid} exited (${code}) before '${type}'`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

const tsx = ['--import', 'tsx'];

function percentileOf(histogram: Map<number, number>, total: number, p: number): number {
  const target = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [ms, n] of [...histogram].sort((a, b) => a[0] - b[0])) {
    seen += n;
    if (seen >= target) return ms;
  }
  return 0;
}

/** The shared services whose CPU a run reports beside the servers' own. */
const INFRA = [
  { name: 'redis', match: (_pid: number, cmd: string) => cmd.includes('redis-server') },
  { name: 'postgres', match: (_pid: number, cmd: string) => /(^|\/)postgres(:| )/.test(cmd) },
];

interface Ready {
  type: 'ready';
  port: number;
  symbols?: string[];
}
const readies = new WeakMap<ChildProcess, Promise<Ready>>();

/** The server's `ready` message, however often asked (a cluster waits for its leader first). */
export function readyOf(server: ChildProcess): Promise<Ready> {
  const ready = readies.get(server) ?? nextMessage<Ready>(server, 'ready');
  readies.set(server, ready);
  return ready;
}

/** CPU between two stats replies of one process, % of one core. */
const cpuPct = (a: ServerStats, b: ServerStats, ms: number) =>
  ((b.cpu.user - a.cpu.user + (b.cpu.system - a.cpu.system)) / 1000 / ms) * 100;

/**
 * Time after the window opens before the ticks whose loss is checked start (the `measure`
 * message reaches every client first), and after it closes before their counts are read.
 */
const LOSS_LEAD_MS = 1_000;
const LOSS_DRAIN_MS = 5_000;

/** Adds up the clients' per-symbol counts against what the leader published. */
function lossOf(
  published: Record<string, number>,
  replies: ClientReceived[],
  windowMs: number,
): Loss {
  const histogram = new Map<number, number>();
  let messages = 0;
  for (const reply of replies)
    for (const [ms, n] of reply.fromPublish) {
      histogram.set(ms, (histogram.get(ms) ?? 0) + n);
      messages += n;
    }
  const loss: Loss = {
    windowMs,
    published: 0,
    owed: 0,
    lost: 0,
    duplicated: 0,
    fromPublishP50Ms: percentileOf(histogram, messages, 50),
    fromPublishP99Ms: percentileOf(histogram, messages, 99),
  };
  for (const n of Object.values(published)) loss.published += n;
  for (const reply of replies)
    for (const [symbol, pairs] of Object.entries(reply.received)) {
      const owed = published[symbol] ?? 0;
      for (const [got, sockets] of pairs) {
        loss.owed += owed * sockets;
        loss.lost += Math.max(0, owed - got) * sockets;
        loss.duplicated += Math.max(0, got - owed) * sockets;
      }
    }
  return loss;
}

/**
 * Measures `servers` as one target: servers[0] ticks (and publishes, in-process or through Redis)
 * and the clients' connections are spread evenly over all of them; a single server is the
 * one-node case.
 */
export async function measureTarget(
  target: string,
  servers: ChildProcess[],
  opts: WsFanoutOptions,
  profileDir: string | undefined,
  defaultSymbols: string[],
): Promise<FanoutResult> {
  const clients: ChildProcess[] = [];
  const server = servers[0];
  if (!server) throw new Error('no server');
  try {
    const ready = await Promise.all(servers.map(readyOf));
    const symbols = ready[0]?.symbols ?? defaultSymbols;
    // `gc`: collect garbage first, so the memory figures compare live data, not collection timing.
    const statsOf = async (s: ChildProcess, gc = false, window?: { from: number; to: number }) => {
      const reply = nextMessage<ServerStats>(s, 'stats');
      s.send({ type: 'stats', gc, window });
      return reply;
    };
    const allStats = (gc = false) => Promise.all(servers.map((s) => statsOf(s, gc)));
    await sleep(1_000);
    const idle = await allStats();
    const idleT0 = performance.now();
    await sleep(3_000);
    const befores = await allStats(true);
    const idleMs = performance.now() - idleT0;
    const before = befores[0] ?? (await statsOf(server));
    // Ticks and background work with nobody connected: what the fan-out adds is on top of this.
    const idleCpuPcts = servers.map((_, i) => cpuPct(idle[i]!, befores[i]!, idleMs));

    // Ticks pause while the clients connect, so that 10,000 handshakes do not queue behind the
    // fan-out on a two-core machine; the window starts `warmupMs` after they resume.
    const ticking = async (on: boolean) => {
      const reply = nextMessage(server, 'ticking');
      server.send({ type: 'ticking', on });
      await reply;
    };
    await ticking(false);

    const urls = ready.map((r) => `ws://127.0.0.1:${r.port}/api/v1/ws`);
    const per = Math.ceil(opts.connections / opts.clients);
    const connectedAll: Promise<ClientConnected>[] = [];
    for (let i = 0; i < opts.clients; i++) {
      const count = Math.min(per, opts.connections - i * per);
      if (count <= 0) break;
      const child = fork(path.join(HERE, 'ws-fanout', 'client.ts'), [], {
        execArgv: tsx,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      clients.push(child);
      connectedAll.push(nextMessage<ClientConnected>(child, 'connected', 300_000));
      const start: ClientStart = {
        type: 'start',
        urls,
        count,
        symbols,
        concurrency: 50,
        seed: i + 1,
      };
      child.send(start);
    }
    const connected = await Promise.all(connectedAll);
    const open = connected.reduce((n, c) => n + c.open, 0);
    const failed = connected.reduce((n, c) => n + c.failed, 0);
    const subscriptions = connected.reduce((n, c) => n + c.subscriptions, 0);
    const failures: Record<string, number> = {};
    for (const c of connected)
      for (const [k, n] of Object.entries(c.failures)) failures[k] = (failures[k] ?? 0) + n;

    await ticking(true);
    await sleep(opts.warmupMs);
    const now = Date.now();
    const lossWindow = { from: now + LOSS_LEAD_MS, to: now + opts.durationMs };
    const measure: ClientMeasure = { type: 'measure', window: lossWindow };
    for (const c of clients) c.send(measure);
    const starts = await allStats();
    const t0 = performance.now();
    const sampler = startCpuSampler(INFRA);
    if (profileDir) {
      const started = nextMessage(server, 'profile');
      server.send({ type: 'profile', action: 'start' });
      await started;
    }
    await sleep(opts.durationMs);
    const reportsAll = clients.map((c) => nextMessage<ClientReport>(c, 'report'));
    for (const c of clients) c.send({ type: 'report' });
    const ends = await allStats(true);
    const windowMs = performance.now() - t0;
    const infra = sampler.stop();
    if (profileDir) {
      const stopped = nextMessage(server, 'profile');
      server.send({ type: 'profile', action: 'stop', dir: profileDir });
      await stopped;
    }
    const reports = await Promise.all(reportsAll);
    // Every tick of the loss window has reached every subscriber that is going to get it.
    await sleep(LOSS_DRAIN_MS);
    const published = (await statsOf(server, false, lossWindow)).published;
    const receivedAll = clients.map((c) => nextMessage<ClientReceived>(c, 'received'));
    const ask: ClientReceivedAsk = { type: 'received', delays: published?.delays ?? {} };
    for (const c of clients) c.send(ask);
    const receivedReplies = await Promise.all(receivedAll);
    const loss =
      published && lossOf(published.counts, receivedReplies, lossWindow.to - lossWindow.from);
    const start = starts[0] ?? before;
    const end = ends[0] ?? before;

    const histogram = new Map<number, number>();
    let delivered = 0;
    let deliveredPerS = 0;
    let silent = 0;
    let closedInWindow = 0;
    let clientCpuUs = 0;
    const closeCodes: Record<string, number> = {};
    for (const r of reports) {
      delivered += r.delivered;
      // Each client's own window: the IPC messages that open and close it reach it late when
      // its loop is busy.
      deliveredPerS += (r.delivered / r.windowMs) * 1000;
      silent += r.silent;
      closedInWindow += r.closed;
      clientCpuUs += r.cpu.user + r.cpu.system;
      for (const [ms, n] of r.histogram) histogram.set(ms, (histogram.get(ms) ?? 0) + n);
      for (const [k, n] of Object.entries(r.closeCodes)) closeCodes[k] = (closeCodes[k] ?? 0) + n;
    }
    const nodes = servers.map((_, i) => ({
      connections: ends[i]?.connections ?? 0,
      cpuPct: cpuPct(starts[i]!, ends[i]!, windowMs),
      idleCpuPct: idleCpuPcts[i] ?? 0,
    }));
    const ticksPerS = ((end.ticks - start.ticks) / windowMs) * 1000;
    const expectedPerS = (subscriptions * ticksPerS) / symbols.length;
    const openNow = Math.max(1, end.connections);
    const sum = (f: (n: NodeShare) => number) => nodes.reduce((a, n) => a + f(n), 0);

    for (const c of clients) c.send({ type: 'close' });
    await Promise.all(clients.map((c) => stopChild(c, 'SIGKILL').catch(() => undefined)));
    clients.length = 0;
    await Promise.all(servers.map((s) => stopChild(s)));

    return {
      target,
      symbols,
      open,
      failed,
      failures,
      subscriptions,
      deliveredPerS,
      silent,
      expectedPerS,
      ticksPerS,
      skippedTicks: end.skipped - start.skipped,
      p50Ms: percentileOf(histogram, delivered, 50),
      p99Ms: percentileOf(histogram, delivered, 99),
      maxMs: Math.max(0, ...histogram.keys()),
      serverCpuPct: sum((n) => n.cpuPct),
      idleCpuPct: sum((n) => n.idleCpuPct),
      clientCpuPct: (clientCpuUs / 1000 / windowMs) * 100,
      kbPerConnection: (end.memory.rss - before.memory.rss) / 1024 / openNow,
      heapKbPerConnection: (end.memory.heapUsed - before.memory.heapUsed) / 1024 / openNow,
      rssBeforeMb: before.memory.rss / 1024 / 1024,
      rssAfterMb: end.memory.rss / 1024 / 1024,
      closedInWindow,
      closeCodes,
      writeP50Ms: end.writeP50Ms,
      writeP99Ms: end.writeP99Ms,
      profile: profileDir ? summariseCpuProfile(profileDir) : undefined,
      nodes,
      loss,
      infra,
    };
  } finally {
    await Promise.all(clients.map((c) => stopChild(c, 'SIGKILL').catch(() => undefined)));
    await Promise.all(servers.map((s) => stopChild(s).catch(() => undefined)));
  }
}

/**
 * Socket fan-out (BRIEF §9, issue #5): `connections` sockets from `clients` processes, each
 * subscribed to 1–5 of `symbols` tickers, `symbols` × 1000/`tickMs` ticks a second. The anchor —
 * a bare `ws` broadcast server (bench/anchors/ws-broadcast.mjs) — runs first, then the Ampere
 * server (bench/ws-fanout/ampere-server.ts), each in its own process, with the same clients.
 */
export async function benchWsFanout(options: Partial<WsFanoutOptions> = {}) {
  const opts = { ...WS_FANOUT_DEFAULTS, ...options };
  const tickEnv = { WS_SYMBOL_COUNT: String(opts.symbols), WS_TICK_MS: String(opts.tickMs) };
  // The first open products of the subject's seeded catalogue; the anchor broadcasts the same.
  const symbols = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'XAU/USD', 'EUR/USD', 'LIT/USD'].slice(
    0,
    opts.symbols,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-bench-ws-'));
  const profileDir = opts.profile ? path.join(dataDir, 'profile') : undefined;
  try {
    let anchor: FanoutResult | undefined;
    let subject: FanoutResult | undefined;
    if (opts.target !== 'ampere') {
      const server = fork(path.join(HERE, 'anchors', 'ws-broadcast.mjs'), [], {
        execArgv: ['--expose-gc'],
        env: { ...process.env, ...tickEnv, WS_SYMBOLS: JSON.stringify(symbols) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      anchor = await measureTarget(
        'bare ws broadcast',
        [server],
        opts,
        profileDir && path.join(profileDir, 'anchor'),
        symbols,
      );
    }
    if (opts.target !== 'anchor') {
      const server = fork(await bundleSubject(), [], {
        execArgv: ['--expose-gc'],
        env: {
          ...process.env,
          ...tickEnv,
          DATA_DIR: path.join(dataDir, 'data'),
          RATE_LIMIT_PER_MIN: String(opts.rateLimitPerMin),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      subject = await measureTarget(
        'Ampere /api/v1/ws',
        [server],
        opts,
        profileDir && path.join(profileDir, 'ampere'),
        symbols,
      );
    }
    const ratio = anchor && subject ? subject.deliveredPerS / anchor.deliveredPerS : undefined;
    return { opts, anchor, subject, ratio };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, databaseUrl, dropDatabase } from '../lib/postgres.js';
import {
  benchWsFanout,
  bundleSubject,
  measureTarget,
  readyOf,
  stopChild,
  WS_FANOUT_DEFAULTS,
  type FanoutResult,
  type WsFanoutOptions,
} from '../ws-fanout.js';
import { fmt, wsFanoutOptions, wsOption } from './report.js';

/**
 * Socket fan-out across nodes (issue #19): the ws-fanout subject (ampere-server.ts) as 1, 2 and
 * 3 processes on one PostgreSQL database and the Redis bus. The first node records the ticks and
 * publishes them on Redis; every node (the first too: with REDIS_URL a node's own publishes come
 * back through Redis) fans them out to its share of the same clients, which connect straight to
 * the nodes, spread evenly. Each node count is measured with fresh processes, one after the
 * other; the bare `ws` broadcast anchor of bench/ws-fanout.ts runs first with the same clients.
 */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** 2,500 connections: what one node carried at the full 20 ticks/s on this machine. */
export const WS_FANOUT_CLUSTER_DEFAULTS: WsFanoutOptions = {
  ...WS_FANOUT_DEFAULTS,
  connections: 2_500,
};

export interface FanoutClusterResult {
  opts: WsFanoutOptions;
  anchor: FanoutResult | undefined;
  runs: FanoutResult[];
}

export async function benchWsFanoutCluster(
  opts: WsFanoutOptions,
  maxNodes: number,
): Promise<FanoutClusterResult> {
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const database = `ampere_bench_wsc_${run}`;
  const anchor =
    opts.target === 'ampere'
      ? undefined
      : (await benchWsFanout({ ...opts, target: 'anchor' })).anchor;
  const bundle = await bundleSubject();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-bench-wsc-'));
  createDatabase(database);
  const runs: FanoutResult[] = [];
  try {
    for (let n = 1; n <= maxNodes; n++) {
      const start = (i: number) =>
        fork(bundle, [], {
          execArgv: ['--expose-gc'],
          env: {
            ...process.env,
            WS_SYMBOL_COUNT: String(opts.symbols),
            WS_TICK_MS: String(opts.tickMs),
            WS_TICKS: i === 0 ? 'on' : 'off',
            DATA_DIR: path.join(dataDir, `${n}-${i}`),
            DATABASE_URL: databaseUrl(database),
            DATABASE_POOL_SIZE: '4',
            REDIS_URL,
            REDIS_PREFIX: `bench:wsc:${run}:${n}:`,
            RATE_LIMIT_PER_MIN: String(opts.rateLimitPerMin),
          },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
      const servers: ChildProcess[] = [start(0)];
      try {
        // The leader migrates and seeds the database before the others open it.
        await readyOf(servers[0]!);
        for (let i = 1; i < n; i++) servers.push(start(i));
        runs.push(
          await measureTarget(`${n} node${n > 1 ? 's' : ''}`, servers, opts, undefined, []),
        );
      } finally {
        await Promise.all(servers.map((s) => stopChild(s).catch(() => undefined)));
      }
    }
  } finally {
    dropDatabase(database);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { opts, anchor, runs };
}

export function wsFanoutClusterReport({ opts: o, anchor, runs }: FanoutClusterResult): string {
  const one = runs[0]?.deliveredPerS ?? 1;
  const lines = [
    `ws-fanout-cluster: ${fmt(o.connections)} connections from ${o.clients} client processes spread evenly over the nodes, ${o.symbols} symbols × ${fmt(1000 / o.tickMs, 1)} ticks/s recorded by the first node on PostgreSQL and published through Redis, ${o.warmupMs / 1000} s warm-up, ${o.durationMs / 1000} s measured`,
    '| target | open / failed | ticks/s | deliveries/s (expected) | × one node | × bare ws | tick → client p50 / p99 / max ms | publish → client p50 / p99 ms | lost / owed (dup) | CPU per node (idle) | nodes total | µs node CPU / delivery | Redis | PostgreSQL | client CPU | machine | closed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const pct = (n: number) => `${fmt(n)} %`;
  for (const t of [anchor, ...runs]) {
    if (!t) continue;
    const loss = t.loss
      ? `${fmt(t.loss.lost)} / ${fmt(t.loss.owed)} (${fmt(t.loss.duplicated)})`
      : 'n/a';
    const perNode = t.nodes.map((n) => `${pct(n.cpuPct)} (${fmt(n.idleCpuPct)})`).join(', ');
    lines.push(
      `| ${t.target} | ${fmt(t.open)} / ${fmt(t.failed)} | ${fmt(t.ticksPerS, 1)} | ${fmt(t.deliveredPerS)} (${fmt(t.expectedPerS)}) | ${t === anchor ? '' : fmt(t.deliveredPerS / one, 2)} | ${anchor ? fmt(t.deliveredPerS / anchor.deliveredPerS, 2) : ''} | ${t.p50Ms} / ${t.p99Ms} / ${t.maxMs} | ${t.loss ? `${t.loss.fromPublishP50Ms} / ${t.loss.fromPublishP99Ms}` : 'n/a'} | ${loss} | ${perNode} | ${pct(t.serverCpuPct)} | ${fmt((t.serverCpuPct * 10_000) / Math.max(1, t.deliveredPerS), 1)} | ${fmt(t.infra.groups.redis ?? 0, 1)} % | ${fmt(t.infra.groups.postgres ?? 0, 1)} % | ${pct(t.clientCpuPct)} | ${pct(t.infra.machinePct)} of ${t.infra.cores * 100} % | ${t.closedInWindow} |`,
    );
  }
  for (const t of [anchor, ...runs])
    if (t && t.failed + t.closedInWindow > 0)
      lines.push(
        `${t.target}: failed ${JSON.stringify(t.failures)}, closed ${JSON.stringify(t.closeCodes)}`,
      );
  return lines.join('\n');
}

/** `npm run bench -w @ampere/bench -- ws-fanout-cluster [--nodes=3 …ws-fanout's flags]`. */
export async function runWsFanoutCluster(flags: Map<string, string>) {
  const opts = wsFanoutOptions(flags, WS_FANOUT_CLUSTER_DEFAULTS);
  const r = await benchWsFanoutCluster(opts, wsOption(flags, 'nodes', 3));
  console.log(wsFanoutClusterReport(r));
}

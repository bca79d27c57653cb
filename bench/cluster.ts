import type autocannon from 'autocannon';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProxy, type Proxy } from '../e2e/cluster/harness.js';
import { runCannon as cannon } from './lib/cannon.js';
import { runPgbench } from './lib/pgbench.js';
import { createDatabase, dropDatabase, psql } from './lib/postgres.js';
import {
  benchServerEnv,
  buyRequest,
  placeFirstOrders,
  signUpAndSeed,
  startBenchServer,
  tokenOf,
} from './lib/traders.js';

/**
 * bench/cluster (issue #19): place-order through Debian's nginx with 1, 2 and 3 built nodes on
 * one PostgreSQL (and Redis, as a cluster runs), closed loop of distinct users, against the
 * database's ceiling measured in the same run — pgbench running the same SQL
 * (anchors/place-order.sql) at the same concurrency with the nodes stopped. The figure is each
 * node count's rate over one node's, and over the ceiling.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = path.join(ROOT, 'bench', 'anchors', 'place-order.sql');
const USERS = Number(process.env.BENCH_CLUSTER_USERS ?? 2_000);
const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 48);
/** Each node's pool: three nodes stay well under PostgreSQL's 100 connections. */
const POOL = Number(process.env.BENCH_CLUSTER_POOL ?? 24);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 10_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const MAX_NODES = Number(process.env.BENCH_CLUSTER_NODES ?? 3);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ClusterResult {
  nodes: { nodes: number; reqPerS: number; p50Ms: number; p99Ms: number; errors: number }[];
  pgbench: { tps: number; p99Ms: number };
  orders: number;
}

export async function benchCluster(): Promise<ClusterResult> {
  const run = Date.now().toString(36);
  const database = `ampere_bench_cluster_${run}`;
  createDatabase(database);
  const nodes: { stop(): Promise<void>; port: number }[] = [];
  let proxy: Proxy | undefined;
  const startNode = async () => {
    const port = await freePort();
    const env = benchServerEnv({
      port,
      database,
      poolSize: POOL,
      extra: { REDIS_URL, REDIS_PREFIX: `bench:${run}:` },
    });
    const app = await startBenchServer(env);
    nodes.push({ port, stop: app.stop });
  };
  try {
    await startNode();
    const first = nodes[0];
    if (!first) throw new Error('no node');
    const { ids } = await signUpAndSeed(`http://127.0.0.1:${first.port}`, database, USERS);
    proxy = await startProxy([first.port]);
    let seq = 0;
    const request = (i: number) => buyRequest(tokenOf(ids.min + (i % USERS)), `cl-${run}-${i}`);
    const closedLoop: autocannon.Request[] = [
      {
        method: 'POST',
        path: '/api/v1/user/buy',
        setupRequest: (req) => {
          const r = request(seq++);
          req.headers = r.headers;
          req.body = r.body;
          return req;
        },
      },
    ];
    const base = proxy.url;
    await placeFirstOrders(base, () => [request(seq++)]);
    const results: ClusterResult['nodes'] = [];
    for (let n = 1; n <= MAX_NODES; n++) {
      while (nodes.length < n) await startNode();
      await proxy.setUpstreams(nodes.map((x) => x.port));
      psql(database, 'vacuum analyze;');
      psql(database, 'checkpoint;');
      await cannon({
        url: base,
        connections: CONNECTIONS,
        durationMs: WARMUP_MS,
        requests: closedLoop,
      });
      const r = await cannon({
        url: base,
        connections: CONNECTIONS,
        durationMs: DURATION_MS,
        requests: closedLoop,
      });
      results.push({
        nodes: n,
        reqPerS: r.reqPerS,
        p50Ms: r.p50Ms,
        p99Ms: r.p99Ms,
        errors: r.errors,
      });
    }
    await proxy.stop();
    proxy = undefined;
    for (const node of nodes.splice(0)) await node.stop();
    psql(database, 'vacuum analyze;');
    psql(database, 'checkpoint;');
    const pg = await runPgbench({
      database,
      script: SCRIPT,
      clients: CONNECTIONS,
      threads: 2,
      durationMs: DURATION_MS,
      vars: { uid_min: ids.min, uid_max: ids.max },
      warmupMs: 2_000,
    });
    const orders = Number(psql(database, 'select count(*) from trade_order;'));
    return { nodes: results, pgbench: { tps: pg.tps, p99Ms: pg.p99Ms }, orders };
  } finally {
    await proxy?.stop();
    for (const node of nodes) await node.stop();
    dropDatabase(database);
  }
}

export function clusterReport(r: ClusterResult): string {
  const one = r.nodes[0]?.reqPerS ?? 1;
  const rows = r.nodes.map(
    (x) =>
      `| ${x.nodes} | ${Math.round(x.reqPerS).toLocaleString('en-US')} | ${(x.reqPerS / one).toFixed(2)} | ${(x.reqPerS / r.pgbench.tps).toFixed(2)} | ${x.p50Ms.toFixed(1)} | ${x.p99Ms.toFixed(1)} | ${x.errors} |`,
  );
  return [
    `| nodes | orders/s | × one node | × pgbench ceiling (${Math.round(r.pgbench.tps).toLocaleString('en-US')} tps) | p50 ms | p99 ms | errors |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await benchCluster();
  console.log(JSON.stringify(r, null, 2));
  console.log(clusterReport(r));
}

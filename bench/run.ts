import os from 'node:os';
import { benchChainScan } from './chain-scan.js';
import { benchCluster, clusterReport } from './cluster.js';
import { benchConfigEndpoint } from './config-endpoint.js';
import { benchPlaceOrder, placeOrderReport } from './place-order.js';
import { benchAccrual } from './accrual.js';
import { accrualLatencyReport, benchAccrualLatency } from './accrual-latency.js';
import { benchSettle } from './settle.js';
import { measureChartChunk, measureInitialJs } from './web-bundle.js';
import { benchLighthouse, type LighthouseRun } from './web-lighthouse.js';
import { benchMarketsFps, marketsFpsOptions, marketsFpsReport } from './markets-fps.js';
import { runWsFanoutCluster } from './ws-fanout/cluster.js';
import { runWsFanout } from './ws-fanout/report.js';

/**
 * `npm run bench` (after `npm run build`): each benchmark measures its anchor in the same run and
 * reports the ratio. Results are printed as a Markdown table for BENCHMARKS.md.
 *
 * `npm run bench -w @ampere/bench -- ws-fanout [--connections=500 --duration=5 …]` runs only the
 * named benchmarks (config-endpoint, web-bundle, web-lighthouse, markets-fps, ws-fanout, ws-fanout-cluster,
 * place-order, settle, accrual, accrual-latency, chain-scan, cluster);
 * web-lighthouse fetches Lighthouse with npx on first use (the npm registry) and needs Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium); markets-fps needs Chromium too and takes
 * --products (50), --seconds (10), --cpu-throttle (mid-tier, low-tier or a rate such as 4) and
 * --trace-dir (keeps the traces), or
 * BENCH_FPS_* (markets-fps.ts); ws-fanout's
 * flags: ws-fanout/report.ts; ws-fanout-cluster (PostgreSQL and Redis) takes the same flags and
 * BENCH_WS_* variables plus --nodes / BENCH_WS_NODES (3) and defaults to 2,500 connections
 * (ws-fanout/cluster.ts). place-order and settle need PostgreSQL (127.0.0.1:5432) and read
 * BENCH_DURATION_MS / BENCH_PROFILE and BENCH_SETTLE_* (place-order.ts, settle.ts); chain-scan
 * needs PostgreSQL too and reads BENCH_CHAIN_* (chain-scan.ts); accrual-latency (the built server
 * on PostgreSQL) reads BENCH_AL_*, BENCH_WARMUP_MS and BENCH_POOL_SIZE (accrual-latency.ts).
 */
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const args = process.argv.slice(2);
const flags = new Map(
  args
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [k, v] = a.slice(2).split('=', 2);
      return [k ?? '', v ?? 'true'] as const;
    }),
);
const ALL = [
  'config-endpoint',
  'web-bundle',
  'web-lighthouse',
  'markets-fps',
  'ws-fanout',
  'ws-fanout-cluster',
  'place-order',
  'settle',
  'accrual',
  'accrual-latency',
  'chain-scan',
  'cluster',
] as const;
const named = args.filter((a) => !a.startsWith('--'));
for (const n of named)
  if (!(ALL as readonly string[]).includes(n))
    throw new Error(`unknown benchmark ${n}: ${ALL.join(', ')}`);
const selected = new Set(named.length > 0 ? named : ALL);

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load average ${os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}`,
);

if (selected.has('config-endpoint')) {
  const r = await benchConfigEndpoint();
  console.log(
    '| benchmark | subject req/s | anchor req/s | ratio | subject p50 / p99 ms | anchor p50 / p99 ms | errors |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| GET common/base vs Fastify hello-world, 50 conns | ${fmt(r.subject.reqPerS)} | ${fmt(r.anchor.reqPerS)} | ${fmt(r.ratio, 2)} | ${fmt(r.subject.p50Ms, 1)} / ${fmt(r.subject.p99Ms, 1)} | ${fmt(r.anchor.p50Ms, 1)} / ${fmt(r.anchor.p99Ms, 1)} | ${r.subject.errors + r.anchor.errors} |`,
  );
  console.log('');
}

if (selected.has('web-bundle')) {
  const web = measureInitialJs();
  console.log('| web | initial JS gzip | budget | ratio to budget | files |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| apps/web/dist | ${fmt(web.totalGzipBytes / 1024, 1)} KB | 160 KB | ${fmt(web.totalGzipBytes / 1024 / 160, 2)} | ${web.files.length} |`,
  );
  const chart = measureChartChunk();
  console.log(
    `\nchart chunk ${chart.file}: ${fmt(chart.gzipBytes / 1024, 1)} KB gzip (budget 60 KB, ratio ${fmt(chart.gzipBytes / 1024 / 60, 2)}), ${chart.lazy ? 'lazy' : 'IN THE INITIAL SET'}`,
  );
  console.log('');
}

if (selected.has('web-lighthouse')) {
  const pages = await benchLighthouse(Number(flags.get('runs') ?? 3));
  const titles = {
    'anchor-static': 'anchor: static HTML (no script)',
    'anchor-react': 'anchor: bare React 19 page',
    visitor: '`/`, visitor (Log in)',
    'signed-in': '`/`, signed in (Home)',
  };
  const anchors = { static: pages['anchor-static'].runs, react: pages['anchor-react'].runs };
  for (const [page, { runs, median }] of Object.entries(pages) as [
    keyof typeof pages,
    (typeof pages)[keyof typeof pages],
  ][]) {
    const anchor = page.startsWith('anchor-');
    // A page's LCP beside the same run's anchors: what the app adds to what the machine gives.
    const over = (i: number, r: LighthouseRun) =>
      anchor
        ? ''
        : ` | ${fmt((r.lcpMs - (anchors.static[i]?.lcpMs ?? NaN)) / 1000, 2)}, ${fmt((r.lcpMs - (anchors.react[i]?.lcpMs ?? NaN)) / 1000, 2)}`;
    console.log(
      `| Lighthouse mobile, ${titles[page]} | performance | LCP s | FCP s | TBT ms | CLS | Speed Index s | requests (scripts, CSS) | KB sent${anchor ? '' : ' | LCP over the anchors (static, React) s'} |`,
    );
    console.log(`|---|---|---|---|---|---|---|---|---${anchor ? '' : '|---'}|`);
    for (const [i, r] of runs.entries())
      console.log(
        `| run ${i + 1}${r === median ? ' (median)' : ''} | ${r.score} | ${fmt(r.lcpMs / 1000, 2)} | ${fmt(r.fcpMs / 1000, 2)} | ${fmt(r.tbtMs)} | ${fmt(r.cls, 3)} | ${fmt(r.speedIndexMs / 1000, 2)} | ${r.requests} (${r.scripts}, ${r.stylesheets}) | ${fmt(r.transferBytes / 1024)}${over(i, r)} |`,
      );
    console.log(
      anchor
        ? `\nanchor (lib/lighthouseAnchors.ts): what this machine gives any such page in the same simulation\n`
        : `\nbudget: performance ≥ 90 (median ${median.score}), LCP ≤ 2.5 s (median ${fmt(median.lcpMs / 1000, 2)} s); LCP element: ${median.lcpElement}; ended on ${median.finalUrl}\n`,
    );
  }
}

if (selected.has('markets-fps')) {
  console.log(marketsFpsReport(await benchMarketsFps(marketsFpsOptions(flags))));
  console.log('');
}

if (selected.has('ws-fanout')) await runWsFanout(flags);

if (selected.has('ws-fanout-cluster')) {
  await runWsFanoutCluster(flags);
  console.log('');
}

if (selected.has('place-order')) {
  console.log(placeOrderReport(await benchPlaceOrder()));
  console.log('');
}

if (selected.has('cluster')) {
  console.log(clusterReport(await benchCluster()));
  console.log('');
}

if (selected.has('accrual')) {
  const r = await benchAccrual();
  console.log(
    '| accrual | orders | batch × workers | subject rows/s | anchor rows/s | subject / anchor |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| one day of Earn interest vs raw set-based SQL | ${fmt(r.orders)} | ${r.batch} × ${r.workers} | ${fmt(r.subjectRowsPerS)} | ${fmt(r.anchorRowsPerS)} | ${fmt(r.ratio, 2)} |`,
  );
  console.log('');
}

if (selected.has('accrual-latency')) {
  console.log(accrualLatencyReport(await benchAccrualLatency()));
  console.log('');
}

if (selected.has('settle')) {
  const r = await benchSettle();
  const ms = (xs: number[]) => xs.map((x) => fmt(x)).join(', ');
  console.log(
    '| settle | orders | batch × workers | subject ms (runs) | anchor ms (runs) | subject / anchor |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| 10,000 orders expiring together vs raw set-based SQL | ${fmt(r.orders)} | ${r.batch} × ${r.workers} | ${fmt(r.subjectMedianMs)} (${ms(r.subjectMs)}) | ${fmt(r.anchorMedianMs)} (${ms(r.anchorMs)}) | ${fmt(r.ratio, 2)} |`,
  );
  console.log('');
}

if (selected.has('chain-scan')) {
  const r = await benchChainScan();
  const ms = (xs: number[]) => xs.map((x) => fmt(x)).join(', ');
  console.log(
    '| chain-scan | blocks × transfers | range | watcher ms (runs) | raw eth_getLogs ms (runs) | watcher blocks/s, transfers/s | getLogs blocks/s, transfers/s | watcher / getLogs rate | credits/s |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| local EVM, PostgreSQL | ${fmt(r.blocks)} × ${fmt(r.transfers / r.blocks)} | ${r.range} | ${fmt(r.subjectMedianMs)} (${ms(r.subjectMs)}) | ${fmt(r.anchorMedianMs)} (${ms(r.anchorMs)}) | ${fmt(r.subjectBlocksPerS)}, ${fmt(r.subjectTransfersPerS)} | ${fmt(r.anchorBlocksPerS)}, ${fmt(r.anchorTransfersPerS)} | ${fmt(r.ratio, 2)} | ${fmt(r.creditsPerS)} |`,
  );
  console.log('');
}

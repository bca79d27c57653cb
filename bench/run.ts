import os from 'node:os';
import { benchConfigEndpoint } from './config-endpoint.js';
import { measureInitialJs } from './web-bundle.js';

/**
 * `npm run bench` (after `npm run build`): each benchmark measures its anchor in the same run and
 * reports the ratio. Results are printed as a Markdown table for BENCHMARKS.md.
 */
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const r = await benchConfigEndpoint();
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
);
console.log(
  '| benchmark | subject req/s | anchor req/s | ratio | subject p50 / p99 ms | anchor p50 / p99 ms | errors |',
);
console.log('|---|---|---|---|---|---|---|');
console.log(
  `| GET common/base vs Fastify hello-world, 50 conns | ${fmt(r.subject.reqPerS)} | ${fmt(r.anchor.reqPerS)} | ${fmt(r.ratio, 2)} | ${fmt(r.subject.p50Ms, 1)} / ${fmt(r.subject.p99Ms, 1)} | ${fmt(r.anchor.p50Ms, 1)} / ${fmt(r.anchor.p99Ms, 1)} | ${r.subject.errors + r.anchor.errors} |`,
);

const web = measureInitialJs();
console.log('');
console.log('| web | initial JS gzip | budget | ratio to budget | files |');
console.log('|---|---|---|---|---|');
console.log(
  `| apps/web/dist | ${fmt(web.totalGzipBytes / 1024, 1)} KB | 160 KB | ${fmt(web.totalGzipBytes / 1024 / 160, 2)} | ${web.files.length} |`,
);

/**
 * Runs one open-loop load (`runPaced`) on its own thread: the load's send times and latencies
 * then do not wait on the benchmark's main thread (the CPU sampler's /proc reads, the previous
 * phases' autocannon sockets and garbage). The requests arrive ready-made.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runPaced, type PacedOptions, type PacedRequest } from './paced.js';

type Job = Omit<PacedOptions, 'request'> & { requests: PacedRequest[] };

const job = workerData as Job;
const fallback = job.requests.at(-1);
if (!fallback) throw new Error('paced worker: no requests');
const result = await runPaced({
  baseUrl: job.baseUrl,
  ratePerS: job.ratePerS,
  durationMs: job.durationMs,
  connections: job.connections,
  ...(job.leadInMs === undefined ? {} : { leadInMs: job.leadInMs }),
  request: (i) => job.requests[i] ?? fallback,
});
parentPort?.postMessage(result);

import http from 'node:http';
import { Worker } from 'node:worker_threads';
import type { LoadResult } from './load.js';

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult extends LoadResult {
  /** The rate asked for and the rate the requests actually left at. */
  targetPerS: number;
  sentPerS: number;
  /** How late the sender got the requests out after their due time (scheduler lag), p99. */
  sendLagP99Ms: number;
  statusCounts: Record<string, number>;
  /** Answers slower than 10 ms, by the second of the run they were sent in (where the tail
   * comes from: one stall, or spread over the run). */
  slowBySecond: Record<string, number>;
}

export interface PacedOptions {
  baseUrl: string;
  ratePerS: number;
  durationMs: number;
  connections: number;
  request: (i: number) => PacedRequest;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * An open-loop load at a fixed rate: request `i` is due at `i / ratePerS` seconds whether or not
 * earlier answers have arrived, over at most `connections` keep-alive sockets (a request waits
 * for a free socket, and that wait counts in its latency). Latency runs from handing the request
 * to the client until the last byte of the answer. Unlike a closed loop (or autocannon's
 * per-second quotas, which send each second's share back to back), the server sees arrivals
 * spread evenly over time, so the percentiles are those of a server running at that rate.
 */
export async function runPaced(opts: PacedOptions): Promise<PacedResult> {
  const url = new URL(opts.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const total = Math.max(1, Math.round((opts.ratePerS * opts.durationMs) / 1000));
  const latencies: number[] = [];
  const slowBySecond: Record<string, number> = {};
  const lags: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let sent = 0;
  let inFlight = 0;
  let done: () => void = () => undefined;
  const allDone = new Promise<void>((r) => (done = r));
  const started = performance.now();

  const send = (i: number) => {
    const r = opts.request(i);
    const t0 = performance.now();
    lags.push(t0 - (started + (i * 1000) / opts.ratePerS));
    inFlight++;
    const finish = (status: string, ok: boolean) => {
      statusCounts[status] = (statusCounts[status] ?? 0) + 1;
      const latency = performance.now() - t0;
      if (ok) latencies.push(latency);
      if (latency > 10) {
        const second = String(Math.floor((t0 - started) / 1000));
        slowBySecond[second] = (slowBySecond[second] ?? 0) + 1;
      } else errors++;
      inFlight--;
      if (sent >= total && inFlight === 0) done();
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: r.method,
        path: r.path,
        headers:
          r.body === undefined
            ? r.headers
            : { ...r.headers, 'content-length': Buffer.byteLength(r.body) },
        agent,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          finish(String(code), code >= 200 && code < 300);
        });
      },
    );
    req.on('error', () => {
      finish('error', false);
    });
    req.end(r.body);
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(
        total,
        Math.floor(((performance.now() - started) * opts.ratePerS) / 1000) + 1,
      );
      while (sent < due) send(sent++);
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const sendWindowMs = performance.now() - started;
  await Promise.race([allDone, new Promise((r) => setTimeout(r, 15_000))]);
  const durationMs = performance.now() - started;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors: errors + inFlight,
    durationMs,
    reqPerS: (latencies.length / durationMs) * 1000,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    targetPerS: opts.ratePerS,
    sentPerS: (sent / sendWindowMs) * 1000,
    sendLagP99Ms: percentile(Float64Array.from(lags).sort(), 99),
    statusCounts,
    slowBySecond,
  };
}

/**
 * `runPaced` on a worker thread of this process (its CPU still counts as the client's), with
 * the requests built beforehand: request `i` is `requests[i]`.
 */
export async function runPacedIsolated(opts: PacedOptions): Promise<PacedResult> {
  const total = Math.max(1, Math.round((opts.ratePerS * opts.durationMs) / 1000));
  const requests = Array.from({ length: total }, (_, i) => opts.request(i));
  const worker = new Worker(new URL('./paced-worker.mjs', import.meta.url), {
    workerData: { ...opts, request: undefined, requests },
  });
  try {
    return await new Promise<PacedResult>((resolve, reject) => {
      worker.once('message', (m: PacedResult) => {
        resolve(m);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        reject(new Error(`paced worker exited with ${code}`));
      });
    });
  } finally {
    await worker.terminate();
  }
}

import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  durationMs: number;
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * A closed-loop HTTP load: `connections` keep-alive sockets, each sending its next GET as soon as
 * the previous answer arrives, for `durationMs`. Bounded by time and by `maxRequests`.
 */
export async function runLoad(opts: {
  url: string;
  connections: number;
  durationMs: number;
  maxRequests?: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  const maxRequests = opts.maxRequests ?? 5_000_000;
  let errors = 0;
  const started = performance.now();
  const deadline = started + opts.durationMs;

  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get(opts.url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });

  const worker = async () => {
    while (performance.now() < deadline && latencies.length + errors < maxRequests) await once();
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  const durationMs = performance.now() - started;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    durationMs,
    reqPerS: (latencies.length / durationMs) * 1000,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

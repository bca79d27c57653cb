import autocannon from 'autocannon';
import type { LoadResult } from './load.js';

export interface CannonResult extends LoadResult {
  /** Answers by HTTP status (and `error`/`timeout` for transport failures). */
  statuses: Record<string, number>;
  /** Requests still unanswered when the phase ended (the client closes their sockets). */
  cutOff: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * A closed loop with autocannon: `connections` keep-alive sockets, each sending its next request
 * as soon as the answer arrives. Latencies are taken from autocannon's per-response event (exact,
 * not its 1 ms histogram) and summarised like lib/load.ts does.
 */
export async function runCannon(opts: {
  url: string;
  connections: number;
  durationMs: number;
  requests?: autocannon.Request[];
}): Promise<CannonResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.durationMs / 1000,
        ...(opts.requests ? { requests: opts.requests } : {}),
      },
      (error: unknown, r: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        else resolve(r);
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  const durationMs = performance.now() - started;
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
    statuses[code] = count ?? 0;
  if (result.errors - result.timeouts > 0) statuses.error = result.errors - result.timeouts;
  if (result.timeouts > 0) statuses.timeout = result.timeouts;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors: result.non2xx + result.errors,
    durationMs,
    reqPerS: (latencies.length / durationMs) * 1000,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    statuses,
    cutOff: Math.max(0, result.requests.sent - result['2xx'] - result.non2xx - result.errors),
  };
}

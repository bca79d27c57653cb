import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load.js';
import { pgConnectionArgs } from './postgres.js';

export interface PgbenchResult extends LoadResult {
  /** pgbench's own figure: transactions per second, excluding connection set-up. */
  tps: number;
  failed: number;
  /** The command, for the record. */
  command: string;
  pid: number | undefined;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Runs a pgbench custom script (`-n -M prepared` unless told otherwise, `clients` connections on `threads` threads)
 * for `durationMs` (whole seconds) and reads back tps plus per-transaction latencies (from
 * pgbench's transaction log, so p50/p99 are computed the same way as for the HTTP loads).
 */
export async function runPgbench(opts: {
  database: string;
  script: string;
  clients: number;
  threads: number;
  durationMs: number;
  vars?: Record<string, string | number>;
  /** `prepared` (default): parse and plan once per connection; `extended`: unnamed statements. */
  mode?: 'prepared' | 'extended';
  /** An open loop at this many transactions per second (`-R`); latency then counts from each
   * transaction's scheduled start, so a late start shows. */
  ratePerS?: number;
  /** Runs this much longer and leaves out the transactions that started in that first stretch:
   * pgbench opens fresh connections, and each backend's first transactions load catalogs and
   * compile the functions (a 250–350 ms p99 at a light rate otherwise). */
  warmupMs?: number;
  onSpawn?: (pid: number | undefined) => void;
}): Promise<PgbenchResult> {
  const seconds = Math.max(1, Math.round(opts.durationMs / 1000));
  const warmupSeconds = Math.round((opts.warmupMs ?? 0) / 1000);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-pgbench-'));
  const args = [
    ...pgConnectionArgs(),
    '-n',
    '-M',
    opts.mode ?? 'prepared',
    '-c',
    String(opts.clients),
    '-j',
    String(opts.threads),
    '-T',
    String(seconds + warmupSeconds),
    '-f',
    opts.script,
    ...(opts.ratePerS === undefined ? [] : ['-R', String(opts.ratePerS)]),
    ...Object.entries(opts.vars ?? {}).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
    '-l',
    '--log-prefix',
    path.join(logDir, 'tx'),
    opts.database,
  ];
  const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  opts.onSpawn?.(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`pgbench exited with ${code}: ${stderr.slice(-2000)}`);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? NaN);
  const processed = Number(
    /number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? 0,
  );
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  // Log lines: client_id transaction_no latency_us script_no epoch_s epoch_us [lag_us]; a
  // transaction started at its end time minus its latency.
  const done: { startUs: number; latencyUs: number }[] = [];
  for (const file of fs.readdirSync(logDir)) {
    for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const [, , latency, , epochS, epochUs] = line.split(' ').map(Number);
      if (!line || latency === undefined || epochS === undefined || epochUs === undefined) continue;
      if (!Number.isFinite(latency)) continue;
      done.push({ startUs: epochS * 1e6 + epochUs - latency, latencyUs: latency });
    }
  }
  const firstUs = done.reduce((min, d) => Math.min(min, d.startUs), Infinity);
  const fromUs = firstUs + warmupSeconds * 1e6;
  const measured = done.filter((d) => d.startUs >= fromUs);
  const latencies = measured.map((d) => d.latencyUs / 1000);
  const untilUs = measured.reduce((max, d) => Math.max(max, d.startUs + d.latencyUs), fromUs);
  // With a lead-in, the rate is the measured stretch's (pgbench's tps counts the whole run).
  const reqPerS = warmupSeconds > 0 ? (measured.length / Math.max(1, untilUs - fromUs)) * 1e6 : tps;
  fs.rmSync(logDir, { recursive: true, force: true });
  const sorted = Float64Array.from(latencies).sort();
  return {
    /** Every transaction of the run, the lead-in's too (each writes an order). */
    requests: processed,
    errors: failed,
    durationMs: seconds * 1000,
    reqPerS,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    tps,
    failed,
    command: `pgbench ${args.slice(0, -4).join(' ')} ${opts.database}`,
    pid: child.pid,
  };
}

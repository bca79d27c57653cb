import net from 'node:net';
import v8 from 'node:v8';
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
  /** 2xx answers to the lead-in's requests (left out of everything else). */
  leadInOk: number;
  /** Answers slower than 10 ms, by the second of the run they were sent in (where the tail
   * comes from: one stall, or spread over the run). */
  slowBySecond: Record<string, number>;
}

export interface PacedOptions {
  baseUrl: string;
  ratePerS: number;
  durationMs: number;
  connections: number;
  /** Runs this much longer first, at the same rate, and leaves those answers out (as
   * lib/pgbench.ts's `warmupMs` does for pgbench). */
  leadInMs?: number;
  request: (i: number) => PacedRequest;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One keep-alive socket carrying one request at a time (`current`: its index, or -1). */
interface Conn {
  socket: net.Socket;
  current: number;
  buffered: Buffer;
}

/** A request as bytes on the wire (HTTP/1.1, keep-alive). */
function serialize(r: PacedRequest, host: string): Buffer {
  const body = r.body === undefined ? undefined : Buffer.from(r.body);
  const lines = [`${r.method} ${r.path} HTTP/1.1`, `host: ${host}`];
  for (const [k, v] of Object.entries(r.headers)) lines.push(`${k}: ${v}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return body ? Buffer.concat([head, body]) : head;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** The status and byte length of the whole answer at the start of `b`, once all of it is there. */
function parseAnswer(b: Buffer): { status: number; length: number } | undefined {
  const end = b.indexOf(HEAD_END);
  if (end < 0) return undefined;
  const head = b.toString('latin1', 0, end);
  const status = Number(head.slice(9, 12));
  const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (!match) throw new Error(`answer without content-length: ${head.slice(0, 200)}`);
  const length = end + HEAD_END.length + Number(match[1]);
  return b.length >= length ? { status, length } : undefined;
}

/**
 * An open-loop load at a fixed rate: request `i` is due at `i / ratePerS` seconds whether or not
 * earlier answers have arrived, over at most `connections` keep-alive sockets (a request waits
 * for a free socket, and that wait counts in its latency). Latency runs from the request's due
 * time until the last byte of the answer, so a late send counts against the server too. Unlike a
 * closed loop (or autocannon's per-second quotas, which send each second's share back to back),
 * the server sees arrivals spread evenly over time, so the percentiles are those of a server
 * running at that rate.
 *
 * The client is raw HTTP/1.1 over `net` sockets: each request is serialized once beforehand and
 * an answer is read as far as its Content-Length. Node's `http` client cost ≈ 0.5 ms of CPU per
 * request here (a quarter of a core at 500/s), which on a two-core machine delays the server and
 * the database it measures; this one costs a tenth of that.
 */
export async function runPaced(opts: PacedOptions): Promise<PacedResult> {
  const url = new URL(opts.baseUrl);
  const host = url.hostname;
  const port = Number(url.port || 80);
  const leadIn = Math.round((opts.ratePerS * (opts.leadInMs ?? 0)) / 1000);
  const total = leadIn + Math.max(1, Math.round((opts.ratePerS * opts.durationMs) / 1000));
  const latencies: number[] = [];
  const slowBySecond: Record<string, number> = {};
  const lags: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let leadInOk = 0;
  let sent = 0;
  let finished = 0;
  let done: () => void = () => undefined;
  const allDone = new Promise<void>((r) => (done = r));
  let started = 0;
  const dueAt = (i: number) => started + (i * 1000) / opts.ratePerS;

  const finish = (i: number, status: string, ok: boolean) => {
    if (i < leadIn) {
      if (ok) leadInOk++;
      if (++finished >= total) done();
      return;
    }
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    const latency = performance.now() - dueAt(i);
    if (ok) latencies.push(latency);
    else errors++;
    if (latency > 10) {
      const second = String(Math.floor((dueAt(i) - dueAt(leadIn)) / 1000));
      slowBySecond[second] = (slowBySecond[second] ?? 0) + 1;
    }
    if (++finished >= total) done();
  };

  const idle: Conn[] = [];
  const waiting: number[] = [];
  let waitingHead = 0;
  const sockets: net.Socket[] = [];

  const dispatch = (conn: Conn) => {
    if (waitingHead < waiting.length) {
      const i = waiting[waitingHead++] ?? 0;
      conn.current = i;
      if (i >= leadIn) lags.push(performance.now() - dueAt(i));
      conn.socket.write(wire(i));
    } else idle.push(conn);
  };
  const wires: Buffer[] = [];
  const wire = (i: number): Buffer => {
    let w = wires[i];
    if (!w) {
      w = serialize(opts.request(i), url.host);
      wires[i] = w;
    }
    return w;
  };
  for (let i = 0; i < total; i++) wire(i);

  const open = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const socket = net.connect({ host, port, noDelay: true });
      sockets.push(socket);
      const conn: Conn = { socket, current: -1, buffered: Buffer.alloc(0) };
      socket.once('connect', () => {
        idle.push(conn);
        resolve();
      });
      socket.on('error', (error) => {
        if (conn.current >= 0) finish(conn.current, 'error', false);
        conn.current = -1;
        reject(error);
      });
      socket.on('data', (chunk: Buffer) => {
        conn.buffered = conn.buffered.length === 0 ? chunk : Buffer.concat([conn.buffered, chunk]);
        const answer = parseAnswer(conn.buffered);
        if (!answer) return;
        conn.buffered = conn.buffered.subarray(answer.length);
        const i = conn.current;
        conn.current = -1;
        finish(i, String(answer.status), answer.status >= 200 && answer.status < 300);
        dispatch(conn);
      });
    });
  await Promise.all(Array.from({ length: opts.connections }, open));

  started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(
        total,
        Math.floor(((performance.now() - started) * opts.ratePerS) / 1000) + 1,
      );
      while (sent < due) {
        waiting.push(sent++);
        const conn = idle.pop();
        if (conn) dispatch(conn);
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const measuredFrom = dueAt(leadIn);
  const sendWindowMs = performance.now() - measuredFrom;
  await Promise.race([allDone, new Promise((r) => setTimeout(r, 15_000))]);
  const durationMs = performance.now() - measuredFrom;
  for (const s of sockets) s.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors: errors + (total - finished),
    durationMs,
    reqPerS: (latencies.length / durationMs) * 1000,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    targetPerS: opts.ratePerS,
    sentPerS: ((sent - leadIn) / sendWindowMs) * 1000,
    sendLagP99Ms: percentile(Float64Array.from(lags).sort(), 99),
    statusCounts,
    leadInOk,
    slowBySecond,
  };
}

/**
 * `runPaced` on a worker thread of this process (its CPU still counts as the client's), with
 * the requests built beforehand: request `i` is `requests[i]`.
 */
export async function runPacedIsolated(opts: PacedOptions): Promise<PacedResult> {
  const total =
    Math.round((opts.ratePerS * (opts.leadInMs ?? 0)) / 1000) +
    Math.max(1, Math.round((opts.ratePerS * opts.durationMs) / 1000));
  const requests = Array.from({ length: total }, (_, i) => opts.request(i));
  // V8's memory reducer starts full, compacting collections about 8 s after an isolate starts
  // allocating less. In the worker that was three of 4–8 ms each, 8–9 s in: the worker stopped
  // reading answers meanwhile, and the run charged the wait to the server. It was the same second
  // in every run (the 6th after the lead-in), with 25–60 answers over 10 ms. The load generator
  // has no memory to give back, so the reducer is off for this process (the flag is process-wide,
  // read when the reducer would start).
  v8.setFlagsFromString('--no-memory-reducer');
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

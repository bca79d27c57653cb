import WebSocket from 'ws';

/**
 * One load-client process of the socket fan-out benchmark (forked by bench/ws-fanout.ts).
 * Opens `count` connections, each subscribing to 1–5 distinct random symbols' tickers, and
 * counts every ticker message and its tick-to-client latency (`Date.now() − data.time`; server
 * and clients share one machine, so one clock) in a 1 ms histogram. The parent drives it over
 * IPC: `measure` starts the window, `report` ends it, `close` disconnects and exits.
 *
 * Lost messages: `measure` may name a window of tick times; every ticker message whose tick time
 * falls in it is counted per connection and symbol whenever it arrives, and `received` returns, per
 * symbol, how many subscribed connections received how many of those ticks — the parent compares
 * that with the ticks the publisher says it published in the window.
 */
export interface ClientStart {
  type: 'start';
  /** Connection k goes to urls[k % urls.length] (one URL per node). */
  urls: string[];
  count: number;
  symbols: string[];
  /** Connection attempts in flight at once. */
  concurrency: number;
  /** Seeds the symbol choice, so that both servers get the same subscriptions. */
  seed: number;
}

export interface ClientConnected {
  type: 'connected';
  open: number;
  failed: number;
  subscriptions: number;
  failures: Record<string, number>;
}

export interface ClientMeasure {
  type: 'measure';
  /** Tick times [from, to) whose messages are counted per connection and symbol. */
  window?: { from: number; to: number };
}

export interface ClientReport {
  type: 'report';
  delivered: number;
  /** Open connections that received nothing in the window. */
  silent: number;
  errors: number;
  closed: number;
  closeCodes: Record<string, number>;
  /** [latency ms, count] pairs; the last bucket holds everything at or above it. */
  histogram: [number, number][];
  windowMs: number;
  cpu: NodeJS.CpuUsage;
}

export interface ClientReceived {
  type: 'received';
  /** Per symbol, [ticks of the window received, subscribed connections that received that many]. */
  received: Record<string, [number, number][]>;
  /** [ms from the tick's publish to receipt, messages], for the ticks `delays` names. */
  fromPublish: [number, number][];
}

/** Asks for the window's counts; `delays`: each tick's (`symbol@time`) ms from time to publish. */
export interface ClientReceivedAsk {
  type: 'received';
  delays: Record<string, number>;
}

function fromPublish(delays: Record<string, number>): [number, number][] {
  const out = new Map<number, number>();
  for (const [key, byMs] of arrivals) {
    const delay = delays[key];
    if (delay === undefined) continue;
    for (const [ms, n] of byMs)
      out.set(Math.max(0, ms - delay), (out.get(Math.max(0, ms - delay)) ?? 0) + n);
  }
  return [...out];
}

export const HISTOGRAM_MAX_MS = 60_000;
const HEARTBEAT_MS = 20_000;

const send = (message: ClientConnected | ClientReport | ClientReceived) => {
  process.send?.(message);
};

const sockets: WebSocket[] = [];
/** Per connection (index in `sockets`): its symbols, and the window's ticks received of each. */
const subscribed: string[][] = [];
const received: Map<string, number>[] = [];
/** Per tick of the window (`symbol@time`): [ms from tick time to receipt, messages]. */
const arrivals = new Map<string, Map<number, number>>();
let tickWindow: { from: number; to: number } | undefined;
/** Deliveries in the window, per connection (by its index in `sockets`). */
let perSocket = new Uint32Array(0);
const histogram = new Uint32Array(HISTOGRAM_MAX_MS + 1);
let delivered = 0;
let errors = 0;
let closed = 0;
const closeCodes: Record<string, number> = {};
let measuring = false;
let windowStart = 0;
let cpuStart = process.cpuUsage();

function onMessage(index: number, raw: Buffer) {
  const message = JSON.parse(raw.toString('utf8')) as { ch?: string; data?: { time?: number } };
  const time = message.data?.time;
  if (
    tickWindow &&
    message.ch?.startsWith('ticker.') &&
    typeof time === 'number' &&
    time >= tickWindow.from &&
    time < tickWindow.to
  ) {
    const counts = received[index];
    const symbol = message.ch.slice('ticker.'.length);
    counts?.set(symbol, (counts.get(symbol) ?? 0) + 1);
    const key = `${symbol}@${time}`;
    const byMs = arrivals.get(key) ?? new Map<number, number>();
    const ms = Math.max(0, Date.now() - time);
    byMs.set(ms, (byMs.get(ms) ?? 0) + 1);
    arrivals.set(key, byMs);
  }
  if (!measuring) return;
  if (message.ch?.startsWith('ticker.') && typeof message.data?.time === 'number') {
    delivered++;
    perSocket[index]!++;
    const latency = Math.max(0, Date.now() - message.data.time);
    histogram[Math.min(HISTOGRAM_MAX_MS, latency)]!++;
  } else if (message.ch === 'error') errors++; // pings (answers to `heart`) are not counted
}

/** mulberry32: a small seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
let random = Math.random;

function connect(url: string, symbols: string[]): Promise<number | string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
    let opened = false;
    let index = -1;
    socket.on('open', () => {
      opened = true;
      index = sockets.push(socket) - 1;
      subscribed[index] = [];
      received[index] = new Map();
      // As the app does (apps/web/src/lib/socket.ts): `online`, the subscriptions, then a
      // `heart` every 20 s (the server closes a connection silent for 60 s).
      socket.send(JSON.stringify({ event: 'online' }));
      // 1–5 distinct symbols, uniformly.
      const want = 1 + Math.floor(random() * Math.min(5, symbols.length));
      const pool = [...symbols];
      for (let i = 0; i < want; i++) {
        const [symbol] = pool.splice(Math.floor(random() * pool.length), 1);
        if (symbol !== undefined) subscribed[index]?.push(symbol);
        socket.send(JSON.stringify({ event: 'sub', data: { ch: `ticker.${symbol}` } }));
      }
      const heart = JSON.stringify({ event: 'heart', data: { uid: index } });
      setTimeout(() => {
        if (socket.readyState !== WebSocket.OPEN) return;
        socket.send(heart);
        const timer = setInterval(() => {
          socket.send(heart);
        }, HEARTBEAT_MS);
        socket.once('close', () => {
          clearInterval(timer);
        });
      }, Math.random() * HEARTBEAT_MS);
      resolve(want);
    });
    socket.on('message', (raw: Buffer) => {
      onMessage(index, raw);
    });
    socket.on('unexpected-response', (_req, res) => {
      resolve(`http ${res.statusCode}`);
      socket.terminate();
    });
    socket.on('error', (error) => {
      if (!opened) resolve((error as NodeJS.ErrnoException).code ?? error.message);
    });
    socket.on('close', (code) => {
      if (!opened) return;
      closed++;
      closeCodes[code] = (closeCodes[code] ?? 0) + 1;
    });
  });
}

async function start({ urls, count, symbols, concurrency, seed }: ClientStart) {
  random = prng(seed);
  let next = 0;
  let subscriptions = 0;
  let failed = 0;
  const failures: Record<string, number> = {};
  const worker = async () => {
    while (next < count) {
      const url = urls[next % urls.length] ?? '';
      next++;
      const result = await connect(url, symbols);
      if (typeof result === 'number') subscriptions += result;
      else {
        failed++;
        failures[result] = (failures[result] ?? 0) + 1;
      }
    }
  };
  const progress = setInterval(() => {
    console.error(`client ${process.pid}: ${sockets.length} open, ${failed} failed of ${count}`);
  }, 10_000);
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  clearInterval(progress);
  send({ type: 'connected', open: sockets.length, failed, subscriptions, failures });
}

/** Per symbol, [ticks received, connections] over every subscribed connection. */
function receivedCounts(): Record<string, [number, number][]> {
  const out = new Map<string, Map<number, number>>();
  subscribed.forEach((symbols, i) => {
    for (const symbol of symbols) {
      const n = received[i]?.get(symbol) ?? 0;
      const bySymbol = out.get(symbol) ?? new Map<number, number>();
      bySymbol.set(n, (bySymbol.get(n) ?? 0) + 1);
      out.set(symbol, bySymbol);
    }
  });
  return Object.fromEntries([...out].map(([symbol, m]) => [symbol, [...m]]));
}

process.on(
  'message',
  (message: ClientStart | ClientMeasure | ClientReceivedAsk | { type: 'report' | 'close' }) => {
    switch (message.type) {
      case 'start':
        void start(message);
        return;
      case 'measure':
        histogram.fill(0);
        perSocket = new Uint32Array(sockets.length);
        delivered = 0;
        errors = 0;
        closed = 0;
        for (const k of Object.keys(closeCodes)) Reflect.deleteProperty(closeCodes, k);
        windowStart = performance.now();
        cpuStart = process.cpuUsage();
        measuring = true;
        tickWindow = message.window;
        for (const counts of received) counts.clear();
        arrivals.clear();
        return;
      case 'report': {
        measuring = false;
        const pairs: [number, number][] = [];
        histogram.forEach((n, ms) => {
          if (n > 0) pairs.push([ms, n]);
        });
        send({
          type: 'report',
          delivered,
          silent: perSocket.filter((n) => n === 0).length,
          errors,
          closed,
          closeCodes: { ...closeCodes },
          histogram: pairs,
          windowMs: performance.now() - windowStart,
          cpu: process.cpuUsage(cpuStart),
        });
        return;
      }
      case 'received':
        send({
          type: 'received',
          received: receivedCounts(),
          fromPublish: fromPublish(message.delays),
        });
        return;
      case 'close':
        for (const socket of sockets) socket.terminate();
        process.exit(0);
    }
  },
);

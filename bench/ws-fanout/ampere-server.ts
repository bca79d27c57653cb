import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { openPreparedDatabase } from '../../apps/server/src/bootstrap.js';
import { loadEnv } from '../../apps/server/src/config/env.js';
import { startJobs } from '../../apps/server/src/jobs/runner.js';
import { settlementJob } from '../../apps/server/src/modules/trading/settlement.job.js';

/**
 * The subject of the socket fan-out benchmark: the Ampere server as main.ts starts it (same env
 * validation, PGlite under a fresh DATA_DIR, migrations and seed, `buildApp` with every plugin and
 * hook, `/api/v1/ws`, the settlement worker), in its own process. One change: instead of the
 * market publisher (simulated walk or exchange stream over every product) a driver records
 * `WS_SYMBOL_COUNT` symbols × 1000/`WS_TICK_MS` ticks/s through the real path —
 * `market.recordTick`, which writes the tick and its candles in one transaction and then publishes
 * `ticker.SYM` and `kline.SYM.*` on the bus. The tick's `time` (taken just before the write) is
 * what clients measure their latency from. Not started: the ten-minute ledger reconciliation and
 * the ops channel (idle in a benchmark).
 *
 * Started by bench/ws-fanout.ts with an IPC channel: reports `{type:'ready', port, symbols}`
 * and answers `{type:'stats'}`.
 *
 * As a cluster node (bench/ws-fanout/cluster.ts): DATABASE_URL (PostgreSQL) and REDIS_URL /
 * REDIS_PREFIX (the Redis bus) from the environment; `WS_TICKS=off` makes a node that records no
 * ticks and only fans out what the leader publishes through Redis.
 */
const SYMBOL_COUNT = Number(process.env.WS_SYMBOL_COUNT ?? 5);
const TICK_MS = Number(process.env.WS_TICK_MS ?? 250);
const LEADS = process.env.WS_TICKS !== 'off';

const env = loadEnv({
  HOST: '127.0.0.1',
  DATA_DIR: process.env.DATA_DIR,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MIN: process.env.RATE_LIMIT_PER_MIN,
  // Every benchmark client connects from 127.0.0.1.
  WS_MAX_PER_ADDRESS: '1000000',
  MARKET_FEED_PUBLISH: 'false',
  DATABASE_URL: process.env.DATABASE_URL,
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  REDIS_URL: process.env.REDIS_URL,
  REDIS_PREFIX: process.env.REDIS_PREFIX,
});
const database = await openPreparedDatabase(env);
const app = await buildApp({ env, database });
const market = app.services.market;
// Every server process runs the settlement worker (main.ts); with no orders it only polls.
const settlement = startJobs([settlementJob(app.services.trading)], {
  log: app.log,
  databaseUrl: undefined,
});

const products = (await market.productsForFeed())
  .filter((p) => p.tradingState === 'open')
  .slice(0, SYMBOL_COUNT);
if (products.length < SYMBOL_COUNT) throw new Error(`only ${products.length} open products`);

let ticks = 0;
let skipped = 0;
/** Every tick published: [symbol index, tick time, ms from tick time to its publish]. */
const published: [number, number, number][] = [];
const writeMs: number[] = [];
const stops: (() => void)[] = [];
const tickers: { tick: () => void; offset: number }[] = [];

/**
 * Calls `fn` every `ms` on a fixed schedule (not drifting when the loop is late); a tick more than
 * a whole interval late is skipped and counted, the rest run as soon as the loop gets to them.
 * Same schedule as the anchor's.
 */
function every(ms: number, offset: number, fn: () => void): () => void {
  let due = Date.now() + offset;
  let timer: NodeJS.Timeout;
  const run = () => {
    const behind = Math.floor((Date.now() - due) / ms);
    if (behind > 0) {
      skipped += behind;
      due += behind * ms;
    }
    fn();
    due += ms;
    timer = setTimeout(run, Math.max(0, due - Date.now()));
  };
  timer = setTimeout(run, offset);
  return () => {
    clearTimeout(timer);
  };
}

products.forEach((p, i) => {
  let price = 10n ** BigInt(p.priceScale + 4);
  let inFlight = false;
  let t0 = 0;
  // The first subscriber of the channel (before any socket): called as the publish begins, so
  // it times the write alone — recordTick resolves only after the whole fan-out.
  app.platform.bus.subscribe(`ticker.${p.symbol}`, () => {
    if (writeMs.length < 100_000) writeMs.push(performance.now() - t0);
  });
  const tick = () => {
    // A write still running when the next tick is due: skip it (and count it) as the simulated
    // feed does, rather than queueing ticks up.
    if (inFlight) {
      skipped++;
      return;
    }
    inFlight = true;
    price += BigInt(Math.round((Math.random() - 0.5) * 20));
    if (price < 1n) price = 1n;
    t0 = performance.now();
    const time = Date.now();
    market
      .recordTick(p.symbol, time, price, p.priceScale)
      .then(() => {
        ticks++;
        // recordTick resolves as soon as the bus has the tick (after the write): its publish.
        if (published.length < 1_000_000) published.push([i, time, Date.now() - time]);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'bench tick failed');
      })
      .finally(() => {
        inFlight = false;
      });
  };
  tickers.push({ tick, offset: Math.round((i * TICK_MS) / products.length) });
});

/** Ticks run from the start; the parent pauses them while the clients connect. */
function setTicking(on: boolean) {
  for (const stop of stops.splice(0)) stop();
  // The symbols are spread evenly over the tick interval, as independent feeds would be.
  if (on && LEADS) for (const t of tickers) stops.push(every(TICK_MS, t.offset, t.tick));
}
setTicking(true);

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Ticks published with a time in the window: per symbol, and each `symbol@time`'s publish delay. */
function publishedIn({ from, to }: { from: number; to: number }) {
  const counts: Record<string, number> = Object.fromEntries(products.map((p) => [p.symbol, 0]));
  const delays: Record<string, number> = {};
  for (const [i, time, delay] of published) {
    const symbol = products[i]?.symbol;
    if (symbol === undefined || time < from || time >= to) continue;
    counts[symbol] = (counts[symbol] ?? 0) + 1;
    delays[`${symbol}@${time}`] = delay;
  }
  return { counts, delays };
}

// `--profile`: a V8 CPU profile of the measured window only (not start-up or connecting).
const inspector = new Session();
async function profile(action: 'start' | 'stop', dir: string | undefined) {
  if (action === 'start') {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
    return;
  }
  const { profile: result } = await inspector.post('Profiler.stop');
  fs.mkdirSync(dir ?? '.', { recursive: true });
  fs.writeFileSync(path.join(dir ?? '.', 'window.cpuprofile'), JSON.stringify(result));
  inspector.disconnect();
}

process.on(
  'message',
  (message: {
    type?: string;
    gc?: boolean;
    action?: string;
    dir?: string;
    on?: boolean;
    window?: { from: number; to: number };
  }) => {
    if (message.type === 'ticking') {
      setTicking(message.on === true);
      process.send?.({ type: 'ticking' });
    }
    if (message.type === 'profile') {
      profile(message.action === 'stop' ? 'stop' : 'start', message.dir)
        .then(() => process.send?.({ type: 'profile' }))
        .catch((error: unknown) => {
          console.error(error);
          process.exit(1);
        });
    }
    if (message.type === 'stats') {
      const cpu = process.cpuUsage(); // before the collection, which is not part of the window
      if (message.gc) globalThis.gc?.();
      process.send?.({
        type: 'stats',
        cpu,
        memory: process.memoryUsage(),
        ticks,
        skipped,
        writeP50Ms: percentile(writeMs, 50),
        writeP99Ms: percentile(writeMs, 99),
        connections: app.websocketServer.clients.size,
        // What each subscriber is owed, and when it was published.
        published: message.window && publishedIn(message.window),
      });
      writeMs.length = 0;
    }
  },
);

process.on('SIGTERM', () => {
  setTicking(false);
  void settlement.stop();
  for (const socket of app.websocketServer.clients) socket.terminate();
  app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
});

await app.listen({ port: 0, host: env.HOST });
process.send?.({
  type: 'ready',
  port: (app.server.address() as AddressInfo).port,
  symbols: products.map((p) => p.symbol),
});

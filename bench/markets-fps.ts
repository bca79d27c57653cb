import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_PRODUCTS } from '../apps/server/src/modules/market/products.seed.js';
import { launchBrowser, phoneContext } from '../e2e/support/browser.js';
import { freePort } from '../e2e/support/server.js';
import { calibrate, isDeviceClass, type Calibration, type DeviceClass } from './lib/deviceClass.js';
import { analyseFrames, type FrameAnalysis } from './lib/frames.js';
import { serverArgs, startProcess } from './lib/process.js';
import { endTrace, startTrace, type TraceEvent } from './lib/trace.js';
import { signUp } from './web-lighthouse.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
const OPS = path.join(ROOT, 'apps', 'server', 'dist', 'ops.js');
/** The Markets tab (apps/web lib/nav.ts TAB_PATHS.markets). */
const MARKETS_PATH = '/app/pages/tabbar/markets/index';

export interface MarketsFpsOptions {
  /** Products in the catalogue: the default ones plus demonstration products (`ops products:demo`). */
  products: number;
  /** The traced window, seconds. */
  seconds: number;
  /**
   * The CPU: a phone class (`mid-tier`, the default, or `low-tier`), whose throttling rate is
   * calibrated on this machine at the start of the run (lib/deviceClass.ts), or a fixed rate for
   * CDP Emulation.setCPUThrottlingRate (`4`: Lighthouse's mobile preset, 4× this machine).
   */
  cpuThrottle: DeviceClass | number;
  /** Where to keep the raw traces (open them in DevTools' Performance panel); none when empty. */
  traceDir: string;
}

export interface MarketsFpsResult {
  options: MarketsFpsOptions;
  /** The Markets list while prices stream. */
  subject: FrameAnalysis & {
    rows: number;
    /** Price texts that changed in the rows during the window (a MutationObserver's count). */
    priceUpdates: number;
    /** Ticker messages the socket received during the window. */
    tickerMessages: number;
    /** Over the whole visit: sockets opened and closed, and `sub` messages sent on them. */
    sockets: number;
    socketCloses: number;
    subscribesSent: number;
  };
  /** The ceiling: a page doing nothing but a requestAnimationFrame loop, same browser, same throttling. */
  anchor: FrameAnalysis;
  /** The rate both pages ran at, and how it was found when a phone class was asked for. */
  rate: number;
  calibration?: Calibration;
  loadAverage: number[];
}

export function marketsFpsOptions(flags: Map<string, string>): MarketsFpsOptions {
  const num = (key: string, env: string, fallback: number) =>
    Number(flags.get(key) ?? process.env[env] ?? fallback);
  return {
    products: num('products', 'BENCH_FPS_PRODUCTS', 50),
    seconds: num('seconds', 'BENCH_FPS_SECONDS', 10),
    cpuThrottle: cpuOption(flags.get('cpu-throttle') ?? process.env.BENCH_FPS_CPU_THROTTLE),
    traceDir: flags.get('trace-dir') ?? process.env.BENCH_FPS_TRACE_DIR ?? '',
  };
}

function cpuOption(value = 'mid-tier'): DeviceClass | number {
  if (isDeviceClass(value)) return value;
  const rate = Number(value);
  if (!(rate >= 1))
    throw new Error(`--cpu-throttle: mid-tier, low-tier or a rate ≥ 1, not ${value}`);
  return rate;
}

/** A trace of `opts.seconds` on `page`, kept as `<traceDir>/<name>.json` when asked. */
async function traced(
  page: Page,
  opts: MarketsFpsOptions,
  name: string,
): Promise<{ events: TraceEvent[] }> {
  const cdp = await page.context().newCDPSession(page);
  await startTrace(cdp);
  await page.waitForTimeout(opts.seconds * 1000);
  const events = await endTrace(cdp);
  await cdp.detach();
  if (opts.traceDir) {
    fs.mkdirSync(opts.traceDir, { recursive: true });
    fs.writeFileSync(
      path.join(opts.traceDir, `${name}.json`),
      JSON.stringify({ traceEvents: events }),
    );
  }
  return { events };
}

async function withPage<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage();
  try {
    return await use(page);
  } finally {
    await page.close();
  }
}

async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  // The throttling stays with the page's target after this session goes.
}

/**
 * The anchor: one element's text changed on every animation frame, so that every frame has
 * something to draw (a loop that changes nothing draws nothing), and nothing else.
 */
async function measureAnchor(context: BrowserContext, opts: MarketsFpsOptions, rate: number) {
  const page = await context.newPage();
  try {
    await throttle(page, rate);
    await page.setContent('<!doctype html><meta charset="utf-8"><div id="n">0</div>');
    await page.evaluate(ANCHOR_LOOP);
    await page.waitForTimeout(1000);
    const { events } = await traced(page, opts, 'anchor');
    return analyseFrames(events);
  } finally {
    await page.close();
  }
}

/**
 * In-page scripts are strings: the bench runs under tsx, whose transform would put helpers into
 * a function's source that the page does not have.
 */
const ANCHOR_LOOP = `(() => {
  const el = document.getElementById('n');
  let n = 0;
  const loop = () => {
    el.textContent = String(++n);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})()`;

/** Counts the rows' price texts that change (each changed price once per observer callback). */
const COUNT_PRICE_UPDATES = `(() => {
  window.__priceUpdates = 0;
  new MutationObserver((records) => {
    const changed = new Set();
    for (const r of records) {
      const el = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
      const price = el && el.closest('[data-testid="market-price"]');
      if (price) changed.add(price);
    }
    window.__priceUpdates += changed.size;
  }).observe(document.body, { subtree: true, characterData: true, childList: true });
})()`;
const PRICE_UPDATES = 'window.__priceUpdates';

/**
 * Waits until `expression` is true in the page. Polled from here with Runtime.evaluate: the
 * app's CSP (script-src 'self') refuses the eval that page.waitForFunction runs a string with.
 */
async function poll(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms: ${expression}`);
    await page.waitForTimeout(250);
  }
}

async function measureMarkets(
  context: BrowserContext,
  base: string,
  opts: MarketsFpsOptions,
  rate: number,
): Promise<MarketsFpsResult['subject']> {
  const page = await context.newPage();
  const seen = { sockets: 0, socketCloses: 0, subscribesSent: 0 };
  let tickerMessages = 0;
  let counting = false;
  page.on('websocket', (ws) => {
    seen.sockets++;
    ws.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"event":"sub"')) seen.subscribesSent++;
    });
    ws.on('framereceived', ({ payload }) => {
      if (counting && typeof payload === 'string' && payload.includes('"ch":"ticker.'))
        tickerMessages++;
    });
    ws.on('close', () => {
      seen.socketCloses++;
    });
  });
  try {
    await throttle(page, rate);
    await page.goto(`${base}/#${MARKETS_PATH}`);
    const rows = page.getByTestId('market-row');
    await poll(
      page,
      `document.querySelectorAll('[data-testid="market-row"]').length >= ${opts.products}`,
      60_000,
    );
    const rowCount = await rows.count();
    // Prices stream: some row's price has changed since the list rendered.
    await page.evaluate(COUNT_PRICE_UPDATES);
    // Measured anyway when none moves: the table then says so.
    await poll(page, `${PRICE_UPDATES} >= 1`, 30_000).catch(() => undefined);
    await page.waitForTimeout(2000);
    await page.evaluate(`${PRICE_UPDATES} = 0`);
    counting = true;
    const { events } = await traced(page, opts, 'markets');
    counting = false;
    const priceUpdates = Number(await page.evaluate(PRICE_UPDATES));
    return {
      ...analyseFrames(events),
      rows: rowCount,
      priceUpdates,
      tickerMessages,
      ...seen,
    };
  } finally {
    await page.close();
  }
}

/**
 * Frame rate of the Markets list while prices stream (issue #20 item 4: "60 fps price updates on
 * the Markets list with 50 products, measured in Chromium's performance trace"). The built
 * server on a fresh embedded database, its catalogue grown to `products` with `ops
 * products:demo` (the simulated feed ticks them all, hash-chained as ever); a signed-up user on
 * the Markets tab in Debian's Chromium at 375×812, its CPU throttled to a mid-tier phone's (the
 * rate calibrated on this machine as Chrome DevTools does, lib/deviceClass.ts; or a fixed rate); a
 * `seconds` trace (DevTools' timeline categories) while prices update. The anchor is the same
 * browser's frame rate, same throttling, on a page doing nothing but a requestAnimationFrame
 * loop. Headless Chromium draws in software (--disable-gpu), so the ceiling is the machine's.
 */
export async function benchMarketsFps(opts: MarketsFpsOptions): Promise<MarketsFpsResult> {
  for (const file of [SERVER, OPS])
    if (!fs.existsSync(file)) throw new Error(`${file} missing: run \`npm run build\` first`);
  const demo = opts.products - DEFAULT_PRODUCTS.length;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-bench-fps-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
  };
  // The catalogue's own path, before the server holds the embedded database.
  if (demo > 0)
    execFileSync(process.execPath, [OPS, 'products:demo', String(demo)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const browser = await launchBrowser();
  let app: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    // The phone's rate is found on the machine at rest, before the server and its feed start: a
    // busy machine scores lower and would be throttled less (lib/deviceClass.ts).
    const device = opts.cpuThrottle;
    const { rate, calibration }: { rate: number; calibration?: Calibration } =
      typeof device === 'number'
        ? { rate: device }
        : await withPage(browser, async (page) => {
            const found = await calibrate(page, device);
            return { rate: found.rate, calibration: found };
          });
    // The server at the lowest CPU priority: it shares this machine's two cores with the browser
    // (its feed, hash chain and socket took about half a core here), and a phone shares its CPU
    // with no server. It keeps what the browser leaves, which is plenty for 100 ticks a second.
    app = await startProcess(
      'nice',
      ['-n', '19', process.execPath, ...serverArgs()],
      {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        MARKET_FEED: 'simulated',
        MARKET_FEED_PUBLISH: 'true',
      },
      `${base}/readyz`,
    );
    const listed = (await (await fetch(`${base}/api/v1/market/products`)).json()) as {
      data: { items: unknown[] };
    };
    if (listed.data.items.length !== opts.products)
      throw new Error(
        `the catalogue has ${listed.data.items.length} products, not ${opts.products}`,
      );
    const session = await signUp(base);
    const context = await phoneContext(browser);
    // The app's storage format (`@ampere/client` createStorage): JSON `{v: value}` per key.
    // (about:blank, the anchor's page, has no storage: only the app's origin is written.)
    await context.addInitScript(`if (location.origin === ${JSON.stringify(base)}) {
      localStorage.setItem('ampere.token', ${JSON.stringify(JSON.stringify({ v: session.token }))});
      localStorage.setItem('ampere.user', ${JSON.stringify(JSON.stringify({ v: session.user }))});
    }`);
    const anchor = await measureAnchor(context, opts, rate);
    const subject = await measureMarkets(context, base, opts, rate);
    await context.close();
    return { options: opts, subject, anchor, rate, calibration, loadAverage: os.loadavg() };
  } finally {
    await browser.close();
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The result as a Markdown table for BENCHMARKS.md. */
export function marketsFpsReport(r: MarketsFpsResult): string {
  const { options: o, subject: s, anchor: a, calibration: c } = r;
  const cpu = c
    ? `CPU throttled ${fmt(r.rate, 2)}× = a ${c.device} phone (calibrated: BenchmarkIndex ${fmt(c.score)} at that rate against the phone's ${fmt(c.target)}; this machine unthrottled ${fmt(c.hostScore)})`
    : `CPU throttled ${fmt(r.rate, 2)}× (fixed)`;
  const row = (name: string, x: FrameAnalysis, extra: string) =>
    `| ${name} | ${fmt(x.fps, 1)} | ${x.presented} in ${fmt(x.windowMs / 1000, 1)} s | ${x.dropped} | ${fmt(x.intervalP50Ms, 1)} / ${fmt(x.intervalP95Ms, 1)} / ${fmt(x.intervalMaxMs)} | ${x.lateIntervals} | ${x.mainFrames}: ${fmt(x.mainFrameP50Ms, 1)} / ${fmt(x.mainFrameP95Ms, 1)} / ${fmt(x.mainFrameMaxMs)}, ${x.mainFramesOverBudget} over 16.7 | ${x.paintingFrames}: ${fmt(x.paintingFrameP50Ms, 1)} / ${fmt(x.paintingFrameP95Ms, 1)} / ${fmt(x.paintingFrameMaxMs)}, ${x.paintingFramesOverBudget} over 16.7 | ${x.longTasks} (max ${fmt(x.longTaskMaxMs)}, total ${fmt(x.longTaskTotalMs)}) | ${fmt(x.mainThreadBusy * 100)} % | ${extra} |`;
  return [
    `Markets list, ${o.products} products (${s.rows} rows), 375×812, ${cpu}, ${o.seconds} s trace; load average ${r.loadAverage.map((l) => fmt(l, 2)).join(' ')}`,
    '',
    '| page | fps | frames presented | dropped | frame interval p50 / p95 / max ms | late intervals (> 25 ms) | main-thread frames: p50 / p95 / max ms | of them, frames that painted: p50 / p95 / max ms | long tasks > 50 ms (ms) | main thread busy | price updates |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    row(
      'Markets list while prices stream',
      s,
      `${s.priceUpdates} applied, ${s.tickerMessages} ticker messages received`,
    ),
    row('anchor: requestAnimationFrame loop', a, '—'),
    '',
    `fps ratio to the anchor ${a.fps > 0 ? fmt(s.fps / a.fps, 2) : '—'}, to 60 ${fmt(s.fps / 60, 2)}; sockets opened ${s.sockets}, closed ${s.socketCloses}, \`sub\` messages sent ${s.subscribesSent}`,
  ].join('\n');
}

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser.js';
import { freePort } from '../e2e/support/server.js';
import { startAnchors, type AnchorServer, type LighthouseAnchor } from './lib/lighthouseAnchors.js';
import { serverArgs, startProcess } from './lib/process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
/** Pinned; fetched by npx on first use (≈ 200 packages, 185 MB: not a dependency of the repo). */
const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_FLAGS = CHROMIUM_ARGS.join(' ');

export interface LighthouseRun {
  /** Performance category, 0–100. */
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
  /** Every request of the load, and the scripts and style sheets among them. */
  requests: number;
  scripts: number;
  stylesheets: number;
  /** Bytes over the wire (compressed as sent). */
  transferBytes: number;
  /** The address the page ended on (the hash route shows which page rendered). */
  finalUrl: string;
}

/** The LCP element's table row; Lighthouse 12 nests it one table deeper. */
interface LcpItem {
  node?: { nodeLabel?: string };
  items?: LcpItem[];
}
const lcpLabel = (item: LcpItem | undefined): string =>
  item?.node?.nodeLabel ?? (item?.items ? lcpLabel(item.items[0]) : '');

interface ResourceRow {
  resourceType?: string;
  requestCount?: number;
  transferSize?: number;
}

interface LighthouseJson {
  finalDisplayedUrl?: string;
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: LcpItem[] } }>;
}

/**
 * The pages measured: the visitor's first page, and Home for a user who is signed in; and beside
 * them the anchors (lib/lighthouseAnchors.ts), what this machine gives any page.
 */
export type LighthousePage = 'visitor' | 'signed-in' | `anchor-${LighthouseAnchor}`;

function readRun(file: string): LighthouseRun {
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as LighthouseJson;
  const value = (id: string) => r.audits[id]?.numericValue ?? NaN;
  const summary = (r.audits['resource-summary']?.details?.items ?? []) as ResourceRow[];
  const row = (type: string) => summary.find((x) => x.resourceType === type);
  return {
    score: Math.round(r.categories.performance.score * 100),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    lcpElement: lcpLabel(r.audits['largest-contentful-paint-element']?.details?.items?.[0]),
    requests: row('total')?.requestCount ?? NaN,
    scripts: row('script')?.requestCount ?? NaN,
    stylesheets: row('stylesheet')?.requestCount ?? NaN,
    transferBytes: row('total')?.transferSize ?? NaN,
    finalUrl: r.finalDisplayedUrl ?? '',
  };
}

/**
 * One Lighthouse run. A run that fails to record its trace (`NO_NAVSTART`, seen on this loaded
 * machine) is run again, up to twice; its figures would not exist, so nothing is selected.
 */
function lighthouse(url: string, file: string, extra: string[], attempt = 0): void {
  try {
    lighthouseOnce(url, file, extra);
  } catch (error) {
    if (attempt >= 2) throw error;
    lighthouse(url, file, extra, attempt + 1);
  }
}

function lighthouseOnce(url: string, file: string, extra: string[]): void {
  execFileSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      ...extra,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${file}`,
      '--quiet',
      // BENCH_LH_ASSETS=1: the trace and network log saved beside the JSON (with LANTERN_DEBUG=1,
      // Lighthouse's simulated timelines too), to see which requests and tasks the metrics wait on.
      ...(process.env.BENCH_LH_ASSETS ? ['--save-assets'] : []),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** A user signed up through the API, as the app keeps the session (`ampere.token`, `ampere.user`). */
export async function signUp(base: string): Promise<{ token: string; user: unknown }> {
  const password = 'Bench-pass-1';
  const res = await fetch(`${base}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `lh${Date.now() % 1e8}`, password, repassword: password }),
  });
  const body = (await res.json()) as { data?: { token?: string; user?: unknown } };
  if (!body.data?.token || !body.data.user) throw new Error(`register: ${JSON.stringify(body)}`);
  return { token: body.data.token, user: body.data.user };
}

/**
 * Lighthouse on Home for a signed-in user, as Lighthouse's "authenticated pages" guide documents
 * it: a Chromium with a debugging port is given the session first, then Lighthouse runs in it with
 * `--port` and `--disable-storage-reset` (which keeps the session — and the HTTP cache, so every
 * run gets a fresh profile). The session is written from the server's own origin on a page that
 * loads none of the app (`/favicon.svg`), so the app's files are still fetched cold.
 */
async function signedInRun(
  base: string,
  session: { token: string; user: unknown },
  file: string,
): Promise<void> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-lh-profile-'));
  const browserProcess = spawn(
    chromiumPath(),
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    let browser: Awaited<ReturnType<typeof chromium.connectOverCDP>> | undefined;
    for (let attempt = 0; !browser; attempt++) {
      try {
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      } catch (error) {
        if (attempt > 50) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${base}/favicon.svg`);
    // The app's storage format (`@ampere/client` createStorage): JSON `{v: value}` per key.
    await page.evaluate(({ token, user }) => {
      // Runs in the page; the bench's own types have no DOM.
      const { localStorage } = globalThis as unknown as {
        localStorage: { setItem: (key: string, value: string) => void };
      };
      localStorage.setItem('ampere.token', JSON.stringify({ v: token }));
      localStorage.setItem('ampere.user', JSON.stringify({ v: user }));
    }, session);
    await page.close();
    await browser.close(); // a CDP connection: this disconnects, the browser stays
    lighthouseOnce(`${base}/`, file, [`--port=${port}`, '--disable-storage-reset']);
  } finally {
    const exited = new Promise((r) => browserProcess.once('exit', r));
    browserProcess.kill('SIGTERM');
    await exited;
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse's mobile preset (a mid-range phone's screen, 4× slower CPU, slow 4G: 150 ms round
 * trips, 1.6 Mbit/s, simulated) on the built app as the built server sends it, on its embedded
 * database, from a cold cache, `runs` times. Budget (BRIEF §9): performance ≥ 90, LCP ≤ 2.5 s.
 * The first address a visitor opens is `/`.
 */
export async function benchLighthouse(
  runs = 3,
): Promise<Record<LighthousePage, { runs: LighthouseRun[]; median: LighthouseRun }>> {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} missing: run \`npm run build\` first`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-bench-lh-'));
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-lh-'));
  const app = await startProcess(
    process.execPath,
    serverArgs(),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    `${base}/readyz`,
  );
  const results: Record<LighthousePage, LighthouseRun[]> = {
    visitor: [],
    'signed-in': [],
    'anchor-static': [],
    'anchor-react': [],
  };
  const browserFlags = [`--chrome-path=${chromiumPath()}`, `--chrome-flags=${CHROME_FLAGS}`];
  let anchors: AnchorServer | undefined;
  try {
    anchors = await startAnchors();
    const session = await signUp(base);
    for (let i = 0; i < runs; i++) {
      // Each run's anchors just before its pages, so both see the machine as it is then.
      for (const anchor of ['static', 'react'] as const) {
        const file = path.join(out, `anchor-${anchor}-${i}.json`);
        lighthouse(anchors.url(anchor), file, browserFlags);
        results[`anchor-${anchor}`].push(readRun(file));
      }
      const visitorFile = path.join(out, `visitor-${i}.json`);
      lighthouse(`${base}/`, visitorFile, browserFlags);
      results.visitor.push(readRun(visitorFile));
      const homeFile = path.join(out, `home-${i}.json`);
      // Retried as a whole (a fresh profile, so a cold cache), like a visitor run.
      for (let attempt = 0; ; attempt++) {
        try {
          await signedInRun(base, session, homeFile);
          break;
        } catch (error) {
          if (attempt >= 2) throw error;
        }
      }
      const home = readRun(homeFile);
      // Home is the hash route `/`; a session the app refused would have ended on Log in.
      if (home.finalUrl.includes('/user/login'))
        throw new Error(`signed-in run ended on ${home.finalUrl}: the session was not taken`);
      results['signed-in'].push(home);
    }
  } finally {
    await anchors?.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    // BENCH_LH_KEEP=<dir>: the runs' Lighthouse JSON kept there (the LCP element, the request
    // chain, each request's start and end), to see where the time goes.
    const keep = process.env.BENCH_LH_KEEP;
    if (keep) fs.cpSync(out, keep, { recursive: true });
    fs.rmSync(out, { recursive: true, force: true });
  }
  const summarize = (list: LighthouseRun[]) => {
    const sorted = [...list].sort((a, b) => a.score - b.score);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    if (!median) throw new Error('no Lighthouse run');
    return { runs: list, median };
  };
  return {
    'anchor-static': summarize(results['anchor-static']),
    'anchor-react': summarize(results['anchor-react']),
    visitor: summarize(results.visitor),
    'signed-in': summarize(results['signed-in']),
  };
}

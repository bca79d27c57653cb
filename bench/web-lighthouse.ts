import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser.js';
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
}

/** The LCP element's table row; Lighthouse 12 nests it one table deeper. */
interface LcpItem {
  node?: { nodeLabel?: string };
  items?: LcpItem[];
}
const lcpLabel = (item: LcpItem | undefined): string =>
  item?.node?.nodeLabel ?? (item?.items ? lcpLabel(item.items[0]) : '');

interface LighthouseJson {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: LcpItem[] } }>;
}

/**
 * Lighthouse's mobile preset (a mid-range phone's screen, 4× slower CPU, slow 4G: 150 ms round
 * trips, 1.6 Mbit/s, simulated) on the built app as the built server sends it, on its embedded
 * database, from a cold cache, `runs` times. Budget (BRIEF §9): performance ≥ 90, LCP ≤ 2.5 s.
 * The first address a visitor opens is `/`.
 */
export async function benchLighthouse(
  runs = 3,
): Promise<{ runs: LighthouseRun[]; median: LighthouseRun }> {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} missing: run \`npm run build\` first`);
  const port = 18_931;
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
  const results: LighthouseRun[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const file = path.join(out, `run-${i}.json`);
      execFileSync(
        'npx',
        [
          '--yes',
          LIGHTHOUSE,
          `${base}/`,
          `--chrome-path=${chromiumPath()}`,
          `--chrome-flags=${CHROME_FLAGS}`,
          '--only-categories=performance',
          '--output=json',
          `--output-path=${file}`,
          '--quiet',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      const r = JSON.parse(fs.readFileSync(file, 'utf8')) as LighthouseJson;
      const value = (id: string) => r.audits[id]?.numericValue ?? NaN;
      results.push({
        score: Math.round(r.categories.performance.score * 100),
        lcpMs: value('largest-contentful-paint'),
        fcpMs: value('first-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        speedIndexMs: value('speed-index'),
        lcpElement: lcpLabel(r.audits['largest-contentful-paint-element']?.details?.items?.[0]),
      });
    }
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(out, { recursive: true, force: true });
  }
  const sorted = [...results].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return { runs: results, median };
}

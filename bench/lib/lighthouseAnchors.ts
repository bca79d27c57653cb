import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { freePort } from '../../e2e/support/server.js';
import { startProcess } from './process.js';

const ANCHORS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'anchors');

/**
 * The Lighthouse bench's anchors (BRIEF §9: every figure beside its ceiling, measured in the same
 * run). Lighthouse simulates a slow phone by multiplying the tasks it saw by 4, so its figures
 * move with the machine as much as with the build: on one kind of machine, sessions measured the
 * same build with LCP 0.4 s apart. The anchors are measured beside the app, in the same Chromium
 * and the same simulation, and show what the machine itself costs:
 * - `static`: the visitor's first-screen text as a static HTML page, no script, no style sheet —
 *   the floor no page gets under;
 * - `react`: the same text drawn by React 19 from one module script built by Vite — what any
 *   React page pays (react-dom's bytes and evaluation) before it draws anything of its own.
 * Both are sent with the app's cross-origin opener policy (serve.mjs), so they pay the renderer
 * process that policy costs a page Lighthouse opens from about:blank, as the app does.
 */
export type LighthouseAnchor = 'static' | 'react';

export interface AnchorServer {
  url(anchor: LighthouseAnchor): string;
  close(): Promise<void>;
}

/** Builds the React anchor (a production build, as the app's) and serves both anchors. */
export async function startAnchors(): Promise<AnchorServer> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-lh-anchor-'));
  try {
    await build({
      root: path.join(ANCHORS, 'lighthouse', 'react'),
      base: '/react/',
      logLevel: 'silent',
      configFile: false,
      build: { outDir: path.join(out, 'react'), emptyOutDir: true },
    });
    fs.copyFileSync(path.join(ANCHORS, 'lighthouse', 'static.html'), path.join(out, 'static.html'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startProcess(
      process.execPath,
      [path.join(ANCHORS, 'lighthouse', 'serve.mjs')],
      { PORT: String(port), ANCHOR_DIR: out },
      `${base}/static.html`,
    );
    return {
      url: (anchor) => (anchor === 'static' ? `${base}/static.html` : `${base}/react/`),
      close: async () => {
        await server.stop();
        fs.rmSync(out, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(out, { recursive: true, force: true });
    throw error;
  }
}

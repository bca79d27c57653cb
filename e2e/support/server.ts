import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
const WEB_DIST = path.join(ROOT, 'apps', 'web', 'dist');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server's own copy of the web build, which a journey may change (a new worker). */
  webDist: string;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the OS's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

/**
 * The built server (`npm run build` first) on a free port with a fresh temporary DATA_DIR —
 * the same thing `npm start` runs, on an empty embedded database; with `chainUrl`, USDT deposits
 * are watched on that local node (CHAIN_DEV_NODE).
 */
export async function startServer(opts: { chainUrl?: string } = {}): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-e2e-'));
  const port = await freePort();
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  // Each server serves its own copy of the build: CI runs two at once, and a journey that
  // deploys a new worker into it (pwa-update) must not announce it to the other's users.
  const webDist = path.join(dataDir, 'web');
  fs.cpSync(WEB_DIST, webDist, { recursive: true });
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      // Every request, for what a failed test prints of its time (support/diagnose.ts).
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The journeys watch prices move: this process publishes the simulated feed, whatever
      // the calling shell has set.
      MARKET_FEED: 'simulated',
      MARKET_FEED_PUBLISH: 'true',
      // Every journey signs its users up from this one address.
      REGISTRATIONS_PER_HOUR: '1000',
      // Settings read cold on every use: one read inside a transaction fails a journey at once
      // rather than when the 2 s copy happens to have lapsed (session 13's practice reset).
      SETTINGS_CACHE_MS: '0',
      // Earn's days move when a journey writes an offset here (apps/server earn/test-clock.ts).
      EARN_TEST_CLOCK_FILE: path.join(dataDir, 'earn-clock-offset-ms'),
      // USDT recharge on the run's local EVM (support/chain.ts), scanned often so a journey
      // sees each block it mines soon; 3 confirmations (SPEC §9's lowest).
      CHAIN_DEV_NODE: opts.chainUrl ?? '',
      CHAIN_RPC_URL: '',
      CHAIN_CONFIRMATIONS: '3',
      CHAIN_POLL_MS: '500',
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, 60_000);
  return {
    url,
    dataDir,
    webDist,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

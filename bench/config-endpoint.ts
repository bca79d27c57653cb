import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadResult } from './lib/load.js';
import { serverArgs, startProcess } from './lib/process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 50;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8_000);
const WARMUP_MS = 2_000;

async function measure(url: string): Promise<LoadResult> {
  await runLoad({ url, connections: CONNECTIONS, durationMs: WARMUP_MS });
  return runLoad({ url, connections: CONNECTIONS, durationMs: DURATION_MS });
}

/**
 * GET /api/v1/common/base (the call every app launch makes: settings read, envelope, response
 * validation, security headers, rate limit) against a bare Fastify hello-world, both measured
 * here in one run with the same client at 50 connections.
 */
export async function benchConfigEndpoint() {
  const anchorPort = 18_901;
  const appPort = 18_902;
  const anchor = await startProcess(
    process.execPath,
    [path.join(ROOT, 'bench', 'anchors', 'hello.mjs')],
    { PORT: String(anchorPort) },
    `http://127.0.0.1:${anchorPort}/hello`,
  );
  const anchorResult = await measure(`http://127.0.0.1:${anchorPort}/hello`).finally(anchor.stop);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-bench-'));
  const app = await startProcess(
    process.execPath,
    serverArgs(),
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MIN: '1000000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    `http://127.0.0.1:${appPort}/readyz`,
  );
  const appResult = await measure(`http://127.0.0.1:${appPort}/api/v1/common/base`).finally(
    app.stop,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });

  return {
    anchor: anchorResult,
    subject: appResult,
    ratio: appResult.reqPerS / anchorResult.reqPerS,
  };
}

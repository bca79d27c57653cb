import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OPS = path.join(ROOT, 'apps', 'server', 'dist', 'ops.js');
const run = promisify(execFile);

/**
 * Credits a user the way an operator would: the real ops CLI, talking to the running E2E server
 * through its data directory's ops socket.
 */
export async function credit(
  username: string,
  amount: string,
  currency: 'money' | 'usdt',
): Promise<void> {
  await run(
    process.execPath,
    [OPS, 'credit', username, amount, currency, '--reason', 'e2e funding'],
    {
      env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
      timeout: 30_000,
    },
  );
}

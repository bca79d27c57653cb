import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OPS = path.join(ROOT, 'apps', 'server', 'dist', 'ops.js');
const run = promisify(execFile);

/** The CLI's environment: the running E2E server's data directory, the embedded database. */
const opsEnv = () => ({ ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' });

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
      env: opsEnv(),
      timeout: 30_000,
    },
  );
}

export type StaffRole = 'owner' | 'finance' | 'compliance' | 'support' | 'risk' | 'auditor';

/** What `ops staff:create` prints: the new member and their one-time password. */
export interface StaffCreated {
  username: string;
  role: StaffRole;
  oneTimePassword: string;
}

/**
 * Adds a member of staff the way the first owner is made: the real ops CLI, through the running
 * E2E server's ops socket. Returns the JSON it prints (the one-time password is in it).
 */
export async function createStaff(username: string, role: StaffRole): Promise<StaffCreated> {
  const { stdout } = await run(process.execPath, [OPS, 'staff:create', username, '--role', role], {
    env: opsEnv(),
    timeout: 30_000,
  });
  return JSON.parse(stdout) as StaffCreated;
}

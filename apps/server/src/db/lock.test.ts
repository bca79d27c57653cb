import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './lock.js';

describe('acquireDataDirLock', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-lock-'));

  it('refuses a second holder while a live process holds the lock', () => {
    const d = dir();
    // The parent of this test process is alive for as long as the test runs.
    fs.writeFileSync(path.join(d, 'server.pid'), String(process.ppid));
    expect(() => acquireDataDirLock(d)).toThrow(/Another Ampere process/);
  });

  it('takes over a stale lock and releases it', () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'server.pid'), '999999999');
    const release = acquireDataDirLock(d);
    expect(fs.readFileSync(path.join(d, 'server.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(d, 'server.pid'))).toBe(false);
  });
});

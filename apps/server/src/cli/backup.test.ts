import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteClient } from '../db/client.js';
import { acquireDataDirLock } from '../db/lock.js';
import { backupDataDir, restoreDataDir } from './backup.js';

describe('ops backup / restore (the embedded database)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-backup-'));
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });
  const source = path.join(root, 'source');
  const target = path.join(root, 'target');
  const file = path.join(root, 'ampere.tar.gz');

  const rows = async (dataDir: string) => {
    const client = await createPgliteClient(dataDir);
    try {
      return (await client.query<{ v: string }>('select v from kept order by v')).rows.map(
        (r) => r.v,
      );
    } finally {
      await client.close();
    }
  };

  it(
    'writes a backup that restores into an empty data directory',
    { timeout: 120_000 },
    async () => {
      const client = await createPgliteClient(source);
      await client.exec(`create table kept (v text); insert into kept values ('a'), ('b');`);
      await client.close();

      const { bytes } = await backupDataDir(source, file);
      expect(bytes).toBeGreaterThan(1000);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      expect(await restoreDataDir(target, file)).toEqual({ keptAside: null });
      expect(await rows(target)).toEqual(['a', 'b']);
    },
  );

  it(
    'refuses to restore over a database unless forced, and keeps the old one aside',
    { timeout: 120_000 },
    async () => {
      await expect(restoreDataDir(target, file)).rejects.toThrow(/already holds a database/);
      const client = await createPgliteClient(target);
      await client.exec(`insert into kept values ('c')`);
      await client.close();

      const { keptAside } = await restoreDataDir(target, file, {
        force: true,
        now: () => new Date('2026-11-26T12:00:00Z'),
      });
      expect(keptAside).toBe(path.join(target, 'pgdata.before-restore-2026-11-26T12-00-00-000Z'));
      expect(await rows(target)).toEqual(['a', 'b']);
      expect(fs.existsSync(path.join(keptAside ?? '', 'PG_VERSION'))).toBe(true);
    },
  );

  it('refuses while a server holds the data directory', async () => {
    // A lock held by another live process (this test's parent stands in for the server).
    fs.writeFileSync(path.join(source, 'server.pid'), String(process.ppid));
    try {
      await expect(backupDataDir(source, file)).rejects.toThrow(/Another Ampere process/);
    } finally {
      fs.rmSync(path.join(source, 'server.pid'), { force: true });
    }
    const release = acquireDataDirLock(source);
    release();
  });
});

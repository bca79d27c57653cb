import fs from 'node:fs';
import path from 'node:path';
import { createPgliteClient } from '../db/client.js';
import { acquireDataDirLock } from '../db/lock.js';

/** Where the embedded database lives inside DATA_DIR (db/client.ts). */
const PGDATA = 'pgdata';

/**
 * `ops backup <file>`: the embedded database (DATA_DIR/pgdata) as one gzipped tarball, taken
 * with the data directory locked — the server must be stopped (PGlite is single-process). The
 * keys kept in DATA_DIR and the uploads are files: copy them beside it (docs/operations.md).
 */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!fs.existsSync(path.join(dataDir, PGDATA, 'PG_VERSION')))
    throw new Error(`no embedded database in ${dataDir}`);
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await createPgliteClient(dataDir);
    try {
      const dump = await client.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Written beside, then renamed: a failed backup never leaves half a file under the name.
      const partial = `${file}.partial`;
      fs.writeFileSync(partial, bytes, { mode: 0o600 });
      fs.renameSync(partial, file);
      return { bytes: bytes.length };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * `ops restore <file>`: the embedded database from a backup, with the server stopped. A data
 * directory that already holds a database is refused unless `force`, and then kept aside as
 * `pgdata.before-restore-<time>`, never deleted.
 */
export async function restoreDataDir(
  dataDir: string,
  file: string,
  opts: { force?: boolean; now?: () => Date } = {},
): Promise<{ keptAside: string | null }> {
  if (!fs.existsSync(file)) throw new Error(`no backup at ${file}`);
  const release = acquireDataDirLock(dataDir);
  try {
    const target = path.join(dataDir, PGDATA);
    let keptAside: string | null = null;
    if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
      if (!opts.force)
        throw new Error(
          `${target} already holds a database: pass --force to keep it aside and restore`,
        );
      const stamp = (opts.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
      keptAside = `${target}.before-restore-${stamp}`;
      fs.renameSync(target, keptAside);
    }
    const client = await createPgliteClient(dataDir, new Blob([fs.readFileSync(file)]));
    try {
      // One read proves the restored directory opens as a database.
      await client.query('select 1');
    } finally {
      await client.close();
    }
    return { keptAside };
  } finally {
    release();
  }
}

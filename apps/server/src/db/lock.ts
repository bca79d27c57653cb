import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes opening one data directory would corrupt
 * it. The server takes this lock for its lifetime; tools that open the directory directly
 * refuse while it is held (a stale lock from a killed process is taken over).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
        throw new Error(
          `Another Ampere process (pid ${holder}) is using ${dataDir}. Stop it first, or set DATABASE_URL to use a PostgreSQL server.`,
          { cause: error },
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}

/** Whether a live process other than this one holds the data directory. */
export function isLockHeld(dataDir: string): boolean {
  try {
    const holder = Number.parseInt(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'), 10);
    return Number.isInteger(holder) && holder !== process.pid && alive(holder);
  } catch {
    return false;
  }
}

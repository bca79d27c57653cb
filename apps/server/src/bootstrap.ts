import type { Env } from './config/env.js';
import { openDatabase, type Database } from './db/client.js';
import { acquireDataDirLock } from './db/lock.js';
import { runMigrations } from './db/migrate.js';
import { MODULES } from './modules/index.js';

/** Brings a database to the current schema and seeds the shipped defaults; safe to repeat. */
export async function prepareDatabase(database: Database): Promise<void> {
  await runMigrations(database);
  for (const module of MODULES) await module.seed?.(database.db);
}

/**
 * Opens the configured database (PostgreSQL via DATABASE_URL, else PGlite under DATA_DIR,
 * locked against a second process) and prepares it.
 */
export async function openPreparedDatabase(env: Env): Promise<Database> {
  const release = env.DATABASE_URL ? () => undefined : acquireDataDirLock(env.DATA_DIR);
  try {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
    });
    await prepareDatabase(database);
    return {
      ...database,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

import type { Env } from './config/env.js';
import { openDatabase, type Database } from './db/client.js';
import { acquireDataDirLock } from './db/lock.js';
import { runMigrations } from './db/migrate.js';
import { createContentRepository } from './modules/content/content.repository.js';
import { createContentService } from './modules/content/content.service.js';
import { createLedgerService } from './modules/ledger/ledger.service.js';
import { createMarketService } from './modules/market/market.service.js';
import { createTradingService } from './modules/trading/trading.service.js';

/** Brings a database to the current schema and seeds the shipped defaults; safe to repeat. */
export async function prepareDatabase(database: Database): Promise<void> {
  await runMigrations(database);
  await createContentService(createContentRepository(database.db)).seedDefaults();
  await createLedgerService().openSystemAccounts(database.db);
  const market = createMarketService({ db: database.db });
  await market.seedProducts();
  await createTradingService({
    db: database.db,
    ledger: createLedgerService(),
    market,
  }).seedPeriods();
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

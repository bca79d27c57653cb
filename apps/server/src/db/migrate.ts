import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Schema } from './client.js';

/**
 * The checked-in migrations live in apps/server/drizzle. This module runs both from source
 * (src/db) and bundled (dist/), so the folder is found by walking up to the first directory
 * holding drizzle/meta/_journal.json.
 */
export function findMigrationsFolder(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (let depth = 0; depth < 6; depth++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`No drizzle migrations folder found above ${from}`);
}

/** Applies every pending migration; already-applied ones are skipped by Drizzle's journal. */
export async function runMigrations(database: Database, migrationsFolder = findMigrationsFolder()) {
  switch (database.kind) {
    case 'pglite':
      await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
      return;
    case 'postgres':
      await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
      return;
  }
}

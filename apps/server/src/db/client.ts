import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type services and repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Round-trips to the database; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const INT8_OID = 20;

/**
 * int8 arrives as a decimal string from both drivers (PGlite would otherwise give a lossy JS
 * number); Drizzle's `bigint({ mode: 'bigint' })` columns turn it into a BigInt exactly.
 */
const int8AsString = (value: string): string => value;

/**
 * A PGlite client under `dataDir` (in memory without one) that reads int8 exactly. `loadDataDir`
 * starts it from a dump of another's data directory (the tests' migrated template).
 */
export async function createPgliteClient(
  dataDir: string | undefined,
  loadDataDir?: Blob,
): Promise<PGlite> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  return PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, {
    parsers: { [INT8_OID]: int8AsString },
    loadDataDir,
  });
}

export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
): Promise<Database> {
  return wrapPglite(await createPgliteClient(dataDir, loadDataDir));
}

/** Whether the code running now is inside a PGlite transaction's callback, per async context. */
const pgliteTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * PGlite has one connection: a transaction holds it until its callback returns, and a statement
 * on the root client waits for it. A statement on the root client issued from inside that
 * callback (a `db` used where the `tx` was meant) would therefore wait for ever, and with it every
 * request of the process. This turns that mistake into an error at the statement that makes it.
 */
function guardRootStatements(client: PGlite): void {
  const refuseInsideTransaction = (method: string) => {
    if (pgliteTransaction.getStore()?.open) {
      throw new Error(
        `PGlite: ${method} on the root database inside a transaction would wait for ever; use the transaction`,
      );
    }
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => {
    refuseInsideTransaction('transaction');
    const state = { open: true };
    return pgliteTransaction.run(state, () =>
      transaction(callback).finally(() => {
        state.open = false;
      }),
    );
  };
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    refuseInsideTransaction('query');
    return query(...args);
  }) as PGlite['query'];
  const exec = client.exec.bind(client);
  client.exec = (...args: Parameters<PGlite['exec']>) => {
    refuseInsideTransaction('exec');
    return exec(...args);
  };
}

/** Drizzle over an open PGlite client, with the client kept for a dump. */
export function wrapPglite(client: PGlite): Database & { client: PGlite } {
  guardRootStatements(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

export function openPostgres(
  url: string,
  poolSize = 20,
  onIdleError: (error: Error) => void = (error) => {
    console.error(`postgres: idle connection lost: ${error.message}`);
  },
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'ampere',
  });
  // An idle client that loses its connection is replaced by the pool; without a listener the
  // 'error' event would crash the process.
  pool.on('error', onIdleError);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number | undefined;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize)
    : openPglite(opts.dataDir);
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; the generic Db type cannot
 * know that, so the shape is checked here once instead of cast at every call site.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  throw new Error('unexpected result shape from db.execute');
}

/**
 * A PostgreSQL array literal for one bind parameter (`${pgArray(ids)}::bigint[]` with
 * `unnest`): a bulk statement then carries one parameter per column instead of one per value,
 * which is what makes thousands of rows cheap to send and to parse. Every element is quoted;
 * null is NULL.
 */
export function pgArray(values: readonly (string | number | bigint | null)[]): string {
  const items = values.map((v) =>
    v === null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

type Param = string | number | bigint | boolean | null;

/**
 * One statement for the hottest paths, prepared by name: on PostgreSQL each pooled connection
 * parses and plans it once and then only binds values (node-postgres sends unnamed statements
 * otherwise, re-planned on every call), and no query builder runs per call. PGlite runs the same
 * text with the same values. Use on the root database only, outside a transaction: the
 * statement is its own transaction.
 */
export function preparedStatement<T>(
  name: string,
  text: string,
): (db: Db, values: readonly Param[]) => Promise<T[]> {
  return async (db, values) => {
    const client: unknown = (db as { $client?: unknown }).$client;
    const params = values.map((v) => (typeof v === 'bigint' ? v.toString() : v));
    if (client instanceof pg.Pool || client instanceof pg.Client) {
      return (await client.query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
    }
    if (client instanceof PGlite) return (await client.query<T>(text, params)).rows;
    throw new Error(`preparedStatement ${name}: not a root database`);
  };
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv, type Env } from '../config/env.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { adminQuery, postgresUrl, usingPostgres } from './postgres.js';

/**
 * `npm test` runs API tests on a fresh in-memory PGlite per file; `npm run test:pg` sets
 * AMPERE_TEST_DB=pg and runs the same files on PostgreSQL, each in a database it creates and
 * drops itself (server from TEST_DATABASE_URL, default the local trust-auth cluster). Either way
 * the database starts as a copy of the run's migrated template (db-template.ts).
 */
export { usingPostgres };

export interface TestDatabase {
  database: Database;
  drop: () => Promise<void>;
  /** The connection URL, on PostgreSQL (a second pool can open the same database). */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const dump = await fs.promises.readFile(template.dumpFile);
    const database = await openPglite(undefined, new Blob([dump]));
    return { database, drop: () => database.close() };
  }
  const name = `ampere_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template.name} strategy file_copy`);
  const url = postgresUrl(name);
  const database = openPostgres(url, 10);
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The database's URL, on PostgreSQL (another pool, another process, can open it). */
  url?: string;
  /** The app's own temporary DATA_DIR (removed on close). */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Partial<Record<keyof Env, string>>;
  webDist?: string;
  /** Registers extra routes before the app is sealed, to exercise shared HTTP machinery. */
  extend?: (app: FastifyInstance) => void;
  /** The clock the business rules read. */
  now?: () => Date;
  /** Receives the app's log lines (set LOG_LEVEL in `env` too). */
  logStream?: NodeJS.WritableStream;
}

/** The real app on a real, empty database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop, url } = await createTestDatabase();
  // Its own DATA_DIR: the signing key and the heads file land there, not in the checkout.
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ampere-test-'));
  // API tests sign many users up from one address; the throttle's own test sets its limit.
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    REGISTRATIONS_PER_HOUR: '100000',
    // Settings read cold every time: a read inside a transaction fails here, not in production.
    SETTINGS_CACHE_MS: '0',
    ...options.env,
  });
  const app = await buildApp({
    env,
    database,
    webDist: options.webDist,
    now: options.now,
    logStream: options.logStream,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    ...(url === undefined ? {} : { url }),
    dataDir,
    close: async () => {
      await app.close();
      await drop();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The database's own message for a failed query (Drizzle wraps it as the error's cause). */
export async function dbErrorOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  throw new Error('expected the database to refuse, but it accepted');
}

/**
 * Runs `statement` with triggers off, as a database superuser could: how tests play an attacker
 * with direct database access against the append-only tables.
 */
export async function asSuperuser(database: Database, statement: SQL): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** A clock tests can move forward. */
export function testClock(start = new Date('2026-11-21T08:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

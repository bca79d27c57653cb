import { execFileSync } from 'node:child_process';

/** The local PostgreSQL the database benchmarks use: 127.0.0.1:5432, user postgres, trust auth. */
export const PG_HOST = process.env.BENCH_PG_HOST ?? '127.0.0.1';
export const PG_PORT = process.env.BENCH_PG_PORT ?? '5432';
export const PG_USER = process.env.BENCH_PG_USER ?? 'postgres';

export const pgConnectionArgs = () => ['-h', PG_HOST, '-p', PG_PORT, '-U', PG_USER];

/** A socket directory (BENCH_PG_HOST=/var/run/postgresql) goes into the URL's host percent-encoded. */
export const databaseUrl = (database: string) =>
  `postgres://${PG_USER}@${encodeURIComponent(PG_HOST)}:${PG_PORT}/${database}`;

/**
 * Runs SQL through `psql` (stops at the first error) and returns its unaligned, tuples-only
 * output. Synchronous: for setup and checks between measured phases, never during one.
 */
export function psql(database: string, sql: string): string {
  return execFileSync(
    'psql',
    [...pgConnectionArgs(), '-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-d', database],
    { input: sql, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  ).trim();
}

/** A fresh, empty database (dropped first if a previous run left it behind). */
export function createDatabase(name: string): void {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  psql('postgres', `drop database if exists ${name} with (force);\ncreate database ${name};`);
}

export function dropDatabase(name: string): void {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  psql('postgres', `drop database if exists ${name} with (force);`);
}

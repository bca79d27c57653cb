import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../bootstrap.js';
import { createPgliteClient, openPostgres, wrapPglite } from '../db/client.js';
import { adminQuery, postgresUrl, usingPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded database every test database starts as a copy of. */
    dbTemplate: { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };
  }
}

/**
 * Vitest's global set-up for the server project: migrates and seeds ONE database per run, and
 * every test file's database starts as a copy of it (harness.ts) instead of running every
 * migration and seed again — on PGlite a dump of the data directory, on PostgreSQL a template
 * database. Made afresh each run, so it is never stale.
 */
export default async function setup(project: TestProject) {
  if (usingPostgres) {
    const name = `ampere_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const database = openPostgres(postgresUrl(name), 2);
    await prepareDatabase(database);
    // CREATE DATABASE … TEMPLATE needs the template without connections.
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', name });
    return () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const client = await createPgliteClient(undefined);
  const database = wrapPglite(client);
  await prepareDatabase(database);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ampere-template-'));
  const dumpFile = path.join(dir, 'pgdata.tar');
  await fs.writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', dumpFile });
  return () => fs.rm(dir, { recursive: true, force: true });
}

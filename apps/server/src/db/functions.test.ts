import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { queryRows } from './client.js';
import {
  functionBody,
  functionDrift,
  migrationFunctions,
  normaliseDefinition,
  sourceFunctions,
} from './functions.js';
import { findMigrationsFolder } from './migrate.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATIONS = findMigrationsFolder();

describe('SQL functions as sources', () => {
  it('has a source for every function, equal to its latest definition in the migrations', () => {
    const drift = functionDrift(MIGRATIONS, SRC);
    // A failure here: edit a function's source, then `npm run db:functions -w @ampere/server`.
    expect(drift.changed.map((f) => f.origin)).toEqual([]);
    expect(drift.unsourced).toEqual([]);
    expect([...sourceFunctions(SRC).keys()].sort()).toEqual(
      [...migrationFunctions(MIGRATIONS).keys()].sort(),
    );
  });

  it('notices a source edited without a migration, and a migration without a source', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-fn-'));
    try {
      const copy = path.join(dir, 'src');
      fs.cpSync(SRC, copy, {
        recursive: true,
        filter: (p) =>
          !p.includes('node_modules') && (fs.statSync(p).isDirectory() || p.endsWith('.sql')),
      });
      const file = path.join(copy, 'modules', 'ledger', 'sql', 'ledger_move.sql');
      fs.writeFileSync(
        file,
        fs.readFileSync(file, 'utf8').replace('p_amount <= 0', 'p_amount < 0'),
      );
      fs.rmSync(path.join(copy, 'modules', 'auth', 'sql', 'session_live.sql'));
      const drift = functionDrift(MIGRATIONS, copy);
      expect(drift.changed.map((f) => f.name)).toEqual(['ledger_move']);
      expect(drift.unsourced).toEqual(['session_live']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('normalises only what cannot matter', () => {
    expect(
      normaliseDefinition('-- about it\n\nCREATE FUNCTION f() RETURNS int  \nAS $$ 1 $$;\n'),
    ).toBe('CREATE OR REPLACE FUNCTION f() RETURNS int\nAS $$ 1 $$;');
  });
});

describe('the database runs what the sources say', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('holds each function with its source’s body, byte for byte', async () => {
    const sources = sourceFunctions(SRC);
    const rows = (
      await queryRows<{ name: string; body: string }>(
        t.database.db,
        sql`select p.proname as name, p.prosrc as body
              from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             where n.nspname = 'public' and p.prokind = 'f'`,
      )
    ).filter((r) => sources.has(r.name));
    expect(rows.map((r) => r.name).sort()).toEqual([...sources.keys()].sort());
    for (const row of rows) {
      const source = sources.get(row.name);
      expect(row.body, row.name).toBe(functionBody(source?.text ?? ''));
    }
  });
});

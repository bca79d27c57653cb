import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { pgArray, queryRows } from './client.js';

describe('pgArray', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('round-trips awkward text, big integers and nulls through one parameter', async () => {
    const texts = ['plain', 'with "quotes"', 'back\\slash', 'comma,brace{}', '', 'NULL', null];
    const rows = await queryRows<{ v: string | null }>(
      t.database.db,
      sql`select unnest(${pgArray(texts)}::text[]) as v`,
    );
    expect(rows.map((r) => r.v)).toEqual(texts);
    const ints = [9_223_372_036_854_775_807n, -1n, 0n, null];
    const back = await queryRows<{ v: string | null }>(
      t.database.db,
      sql`select unnest(${pgArray(ints)}::bigint[])::text as v`,
    );
    expect(back.map((r) => (r.v === null ? null : BigInt(r.v)))).toEqual(ints);
  });
});

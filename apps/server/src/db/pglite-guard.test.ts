import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows, type Database } from './client.js';

describe('PGlite: a root statement inside a transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(undefined);
  });
  afterAll(() => database.close());

  it('fails at once instead of waiting for the transaction it sits in', async () => {
    const { db } = database;
    const failure = await db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await db.execute(sql`select 2`);
      })
      .then(
        () => undefined,
        (error: unknown) => error as Error & { cause?: Error },
      );
    // Drizzle names the statement and keeps the guard's error as the cause.
    expect(failure?.cause?.message).toMatch(/inside a transaction would wait for ever/);
    // A second transaction on the root, begun inside the first, would wait for it as well.
    const nested = await db
      .transaction(async () => {
        await db.transaction(async (inner) => {
          await inner.execute(sql`select 2`);
        });
      })
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      );
    expect(nested?.message).toMatch(/transaction on the root database inside a transaction/);
    // The transaction rolled back and released the connection: the root works again.
    expect(await queryRows(db, sql`select 3 as n`)).toEqual([{ n: 3 }]);
  });

  it('lets other work wait its turn, and runs nested savepoints on the transaction', async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const inside = db.transaction(async (tx) => {
      await tx.transaction(async (sp) => {
        await sp.execute(sql`select 1`);
      });
      await held;
      order.push('transaction');
    });
    const outside = db.execute(sql`select 2`).then(() => order.push('root'));
    release();
    await Promise.all([inside, outside]);
    expect(order).toEqual(['transaction', 'root']);
    // After the transaction, work started inside it may use the root freely.
    let later!: Promise<unknown>;
    await db.transaction(async () => {
      later = new Promise((r) => setTimeout(r, 10)).then(() => db.execute(sql`select 4`));
    });
    await expect(later).resolves.toBeDefined();
  });
});

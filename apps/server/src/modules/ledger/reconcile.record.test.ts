import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import { lastReconciliation, reconcile, recordReconciliation } from './reconcile.js';

describe('recorded reconciliation runs', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('keeps every run for 90 days, where every node reads the last one', async () => {
    const db = t.database.db;
    const at = (iso: string) => () => new Date(iso);
    const runs = async () =>
      (
        await queryRows<{ checked_at: Date | string }>(
          db,
          sql`select checked_at from ledger_reconciliation order by id`,
        )
      ).map((r) => new Date(r.checked_at).toISOString());

    expect(await lastReconciliation(db)).toBeUndefined();
    const first = await reconcile(db, at('2026-08-01T00:00:00Z'));
    await recordReconciliation(db, first);
    expect(await lastReconciliation(db)).toEqual(first);

    // Exactly 90 days later: the first run is still kept.
    const drifted = { ...(await reconcile(db, at('2026-10-30T00:00:00Z'))), ok: false };
    await recordReconciliation(db, drifted);
    expect(await lastReconciliation(db)).toEqual(drifted);
    expect(await runs()).toEqual(['2026-08-01T00:00:00.000Z', '2026-10-30T00:00:00.000Z']);

    // A moment after, it is gone.
    await recordReconciliation(db, await reconcile(db, at('2026-10-30T00:00:01Z')));
    expect(await runs()).toEqual(['2026-10-30T00:00:00.000Z', '2026-10-30T00:00:01.000Z']);
    expect((await lastReconciliation(db))?.ok).toBe(true);
  });
});

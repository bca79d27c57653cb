import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import type { PeriodicJob } from '../../jobs/runner.js';
import { insertTestUser } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { memoryLog } from '../funding/chain/testing/setup.js';
import { notificationsRetentionJob } from './notifications.jobs.js';

const DAY = 86_400_000;

/**
 * Retention (docs/content.md "Notifications"): a notification is kept 90 days, then deleted by
 * the leader's hourly job in bounded batches. The clock is the app's, moved on by the test.
 */
describe('notifications retention', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-01-01T00:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  /** `n` notifications for `userId`, written now (by the app's clock). */
  const write = async (userId: bigint, n: number, from: number) =>
    t.database.db.transaction((tx) =>
      t.app.services.notifications.record(
        tx,
        Array.from({ length: n }, (_, i) => ({
          kind: 'kyc_approved' as const,
          userId,
          subjectId: BigInt(from + i),
          params: {},
        })),
      ),
    );
  const left = async () =>
    (
      await queryRows<{ subject_id: string }>(
        t.database.db,
        sql`select subject_id::text from notification order by subject_id`,
      )
    ).map((r) => Number(r.subject_id));

  it('deletes only what is older than 90 days, in bounded batches, from the leader’s job', async () => {
    const u = await insertTestUser(t.database.db);
    await write(u.id, 7, 1); // 1–7 on day 0
    clock.advance(30 * DAY);
    await write(u.id, 2, 8); // 8–9 on day 30
    clock.advance(60 * DAY); // day 90: 1–7 are exactly 90 days old, not older
    expect(await t.app.services.notifications.prune()).toBe(0);
    clock.advance(1); // now they are
    // Bounded: batches of 2, two batches per run; the next runs take the rest.
    expect(await t.app.services.notifications.prune({ batch: 2, batches: 2 })).toBe(4);
    expect(await left()).toHaveLength(5);
    expect(await t.app.services.notifications.prune({ batch: 2, batches: 2 })).toBe(3);
    expect(await left()).toEqual([8, 9]);
    // The job, as the leader runs it: nothing more is due until day 120.
    const job: PeriodicJob = notificationsRetentionJob(t.app.services.notifications);
    expect(job.mode).toBe('leader');
    const ctx = { log: memoryLog(), stopping: () => false };
    expect(await job.run(ctx)).toBeUndefined();
    clock.advance(30 * DAY);
    expect(await job.run(ctx)).toEqual({
      msg: 'notifications older than 90 days deleted',
      fields: { deleted: 2 },
    });
    expect(await left()).toEqual([]);
  });
});

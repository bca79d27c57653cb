import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import {
  asSuperuser,
  createTestDatabase,
  dbErrorOf,
  type TestDatabase,
} from '../../test/harness.js';
import { auditHeadMessage, createAuditService, type AuditService } from './audit.service.js';

/**
 * The audit chain against someone with direct database access (docs/backoffice.md): the table
 * refuses changes; a superuser who switches the trigger off is still caught by verification —
 * an edited, deleted or reordered entry, and a consistently rewritten tail behind a recorded
 * head.
 */
describe('audit chain verification', () => {
  let t: TestDatabase;
  let audit: AuditService;
  let at = new Date('2026-11-21T08:00:00Z');
  const now = () => at;
  const sign = (message: string) => `signed:${message}`;

  beforeAll(async () => {
    t = await createTestDatabase();
    audit = createAuditService({ db: t.database.db, now });
  });
  afterAll(() => t.drop());

  beforeEach(async () => {
    // A fresh chain of five entries for each case.
    await asSuperuser(t.database, sql`delete from audit_head`);
    await asSuperuser(t.database, sql`delete from audit_log`);
    for (let i = 1; i <= 5; i++) {
      at = new Date(at.getTime() + 1000);
      await t.database.db.transaction((tx) =>
        audit.record(
          tx,
          {
            actor: 'staff:alice',
            staffId: '1',
            role: 'finance',
            requestId: `r${i}`,
            ip: '10.0.0.1',
          },
          {
            action: 'users.level_changed',
            subject: `user:${i}`,
            before: { level: 0 },
            after: { level: i % 4 },
          },
        ),
      );
    }
  });

  const ids = async () =>
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select id::text as id from audit_log order by id`,
      )
    ).map((r) => r.id);

  it('verifies an untouched chain, with its recorded head', async () => {
    const head = await audit.recordHead(sign);
    expect(head).toMatchObject({ entries: '5' });
    expect(head?.signature).toBe(sign(auditHeadMessage(head!)));
    expect(await audit.recordHead(sign)).toBeUndefined(); // nothing new: no second head
    expect(await audit.verify()).toMatchObject({
      ok: true,
      entries: 5,
      brokenAt: null,
      recordedHeadMatches: true,
    });
  });

  it('refuses updates, deletes and truncation', async () => {
    expect(await dbErrorOf(t.database.db.execute(sql`update audit_log set actor = 'x'`))).toMatch(
      /append-only/,
    );
    expect(await dbErrorOf(t.database.db.execute(sql`delete from audit_log`))).toMatch(
      /append-only/,
    );
    expect(await dbErrorOf(t.database.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    await audit.recordHead(sign);
    expect(await dbErrorOf(t.database.db.execute(sql`delete from audit_head`))).toMatch(
      /append-only/,
    );
  });

  it('finds an edited entry', async () => {
    const [, second] = await ids();
    await asSuperuser(
      t.database,
      sql`update audit_log set detail = jsonb_set(detail, '{after,level}', '3') where id = ${second}`,
    );
    expect(await audit.verify()).toMatchObject({ ok: false, brokenAt: second });
  });

  it('finds a deleted entry', async () => {
    const [, , third, fourth] = await ids();
    await asSuperuser(t.database, sql`delete from audit_log where id = ${third}`);
    expect(await audit.verify()).toMatchObject({ ok: false, entries: 4, brokenAt: fourth });
  });

  it('finds two entries swapped', async () => {
    const [first, second] = await ids();
    // Swap the contents of rows 1 and 2 (ids are the chain's order).
    await asSuperuser(
      t.database,
      sql`update audit_log a set actor = b.actor, action = b.action, subject = b.subject,
            detail = b.detail, prev_hash = b.prev_hash, hash = b.hash, created_at = b.created_at
          from audit_log b
          where (a.id, b.id) in ((${first}::bigint, ${second}::bigint), (${second}::bigint, ${first}::bigint))`,
    );
    expect(await audit.verify()).toMatchObject({ ok: false, brokenAt: first });
  });

  it('finds a tail rewritten consistently behind a recorded head', async () => {
    await audit.recordHead(sign);
    const all = await ids();
    const last = all[all.length - 1];
    // Delete the last entry: what remains still chains from the genesis, but not to the head.
    await asSuperuser(t.database, sql`delete from audit_log where id = ${last}`);
    expect(await audit.verify()).toMatchObject({
      ok: false,
      brokenAt: null,
      entries: 4,
      recordedHeadMatches: false,
    });
  });
});

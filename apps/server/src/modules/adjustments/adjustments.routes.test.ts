import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { creditFromEquity, insertTestUser } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { reconcile } from '../ledger/reconcile.js';

describe('back office: balance adjustments, maker-checker', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  let fay: StaffClient; // finance
  let finn: StaffClient; // finance
  let fred: StaffClient; // finance
  let sue: StaffClient; // support: requests, never approves

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    fay = await signInStaff(t.app, 'fay', 'finance', clock.now);
    finn = await signInStaff(t.app, 'finn', 'finance', clock.now);
    fred = await signInStaff(t.app, 'fred', 'finance', clock.now);
    sue = await signInStaff(t.app, 'sue', 'support', clock.now);
  });
  afterAll(() => t.close());

  let keys = 0;
  const newKey = () => `adj-test-${++keys}-${Date.now()}`;
  const send = (who: StaffClient, url: string, payload: object, key: string | null = newKey()) =>
    who.call({
      method: 'POST',
      url: `${url}${url.includes('?') ? '&' : '?'}lang=en-US`,
      payload,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  const request = (who: StaffClient, body: object, key?: string | null) =>
    send(who, 'adjustments', body, key);
  const approve = (who: StaffClient, id: string, note?: string, key?: string | null) =>
    send(who, `adjustments/${id}/approve`, note === undefined ? {} : { note }, key);
  const reject = (who: StaffClient, id: string, note: string, key?: string | null) =>
    send(who, `adjustments/${id}/reject`, { note }, key);

  async function customer(money = 0n) {
    const u = await insertTestUser(t.database.db);
    if (money > 0n) await creditFromEquity(t.database.db, u.id, 'money', money);
    return { id: u.id, uid: u.uid.toString(), username: u.username };
  }
  const available = async (userId: bigint, currency: 'money' | 'usdt' = 'money') =>
    (await t.app.services.wallet.balance(userId))[currency].available;
  const journalsOf = (id: string) =>
    queryRows<{ id: string; kind: string; actor: string; memo: string }>(
      t.database.db,
      sql`select id::text, kind, actor, memo from ledger_journal where reference = ${`adjustment:${id}`}`,
    );
  const auditOf = (id: string) =>
    queryRows<{ actor: string; action: string; detail: Record<string, unknown> }>(
      t.database.db,
      sql`select actor, action, detail from audit_log where subject = ${`adjustment:${id}`} order by id`,
    );

  it('moves money only when a different member approves, in one journal naming both', async () => {
    const u = await customer();
    const asked = await request(fay, {
      uid: u.uid,
      currency: 'money',
      amount: '250.00',
      reason: 'goodwill, ticket 7001',
    });
    expect(asked.json()).toMatchObject({
      code: 0,
      data: {
        user: { uid: u.uid, username: u.username },
        currency: 'money',
        amount: '250.00',
        reason: 'goodwill, ticket 7001',
        status: 'pending',
        requestedBy: { id: fay.id, username: 'fay' },
        decidedBy: null,
        journalId: null,
      },
    });
    const id = asked.json().data.id as string;
    expect(await available(u.id)).toBe('0.00');

    // Four eyes, whatever the role: the requester may neither approve nor reject.
    const own = await approve(fay, id);
    expect(own.json()).toMatchObject({ code: 7021 });
    expect((await reject(fay, id, 'changed my mind')).json().code).toBe(7021);
    // Support may request but never approve.
    expect((await approve(sue, id)).json().code).toBe(403);
    expect(await available(u.id)).toBe('0.00');

    const done = await approve(finn, id, 'checked against the ticket');
    expect(done.json()).toMatchObject({
      code: 0,
      data: {
        status: 'approved',
        decidedBy: { id: finn.id, username: 'finn' },
        decisionNote: 'checked against the ticket',
        journalId: expect.any(String),
      },
    });
    // 0.00 + 250.00 = 250.00
    expect(await available(u.id)).toBe('250.00');
    const journals = await journalsOf(id);
    expect(journals).toEqual([
      {
        id: done.json().data.journalId,
        kind: 'adjustment_credit',
        actor: 'staff:fay+staff:finn',
        memo: `adjustment ${id}, requested by staff:fay, approved by staff:finn: goodwill, ticket 7001`,
      },
    ]);

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      ['staff:fay', 'adjustments.requested'],
      ['staff:fay', 'adjustments.self_approval_refused'],
      ['staff:fay', 'adjustments.self_approval_refused'],
      ['staff:finn', 'adjustments.approved'],
    ]);
    expect(audit[3]?.detail).toMatchObject({
      before: { status: 'pending', amount: '250.00' },
      after: { status: 'approved', journalId: done.json().data.journalId },
      requestedBy: 'staff:fay',
    });

    // Decided once: approving or rejecting it again changes nothing.
    expect((await approve(fred, id)).json().code).toBe(7022);
    expect((await reject(fred, id, 'too late now')).json().code).toBe(7022);
    expect(await journalsOf(id)).toHaveLength(1);
  });

  it('rejects with a note; nothing moves', async () => {
    const u = await customer(100_00n);
    const id = (
      await request(sue, { uid: u.uid, currency: 'usdt', amount: '-0.000001', reason: 'test' })
    ).json().data.id as string;
    expect((await reject(finn, id, '')).json().code).toBe(1000);
    expect((await reject(finn, id, 'bell \u0007 rings')).json().code).toBe(1000);
    expect((await reject(finn, id, 'no')).json()).toMatchObject({
      code: 1000,
      data: { issues: [{ field: 'note', msg: 'Please give a reason of 3–500 characters' }] },
    });
    const res = await reject(finn, id, 'no ticket behind it');
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        status: 'rejected',
        amount: '-0.000001',
        decidedBy: { username: 'finn' },
        decisionNote: 'no ticket behind it',
        journalId: null,
      },
    });
    expect(await journalsOf(id)).toEqual([]);
    expect(await available(u.id)).toBe('100.00');
    expect((await approve(fay, id)).json().code).toBe(7022);
    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      'adjustments.requested',
      'adjustments.rejected',
    ]);
  });

  it('refuses a debit beyond the available balance and leaves it pending', async () => {
    const u = await customer(10_00n);
    const debit = (
      await request(fay, { uid: u.uid, currency: 'money', amount: '-20.00', reason: 'clawback' })
    ).json().data.id as string;
    const key = newKey();
    const refused = await approve(finn, debit, undefined, key);
    expect(refused.json()).toMatchObject({ code: 3001 });
    expect(
      (
        await t.app.inject({
          url: `/api/admin/v1/adjustments/${debit}`,
          headers: { cookie: finn.cookie },
        })
      ).json().data.status,
    ).toBe('pending');
    expect(await journalsOf(debit)).toEqual([]);
    expect(await available(u.id)).toBe('10.00');

    const credit = (
      await request(fay, { uid: u.uid, currency: 'money', amount: '15.00', reason: 'refund' })
    ).json().data.id as string;
    expect((await approve(finn, credit)).json().data.status).toBe('approved');
    // The refusal kept nothing of the key: the same approval now goes through.
    // 10.00 + 15.00 − 20.00 = 5.00
    const later = await approve(finn, debit, undefined, key);
    expect(later.json()).toMatchObject({ code: 0, data: { status: 'approved' } });
    expect(await available(u.id)).toBe('5.00');
    expect((await journalsOf(debit))[0]).toMatchObject({ kind: 'adjustment_debit' });
  });

  it('answers a replayed request or approval with the first answer; another body is refused', async () => {
    const u = await customer();
    const body = { uid: u.uid, currency: 'money', amount: '1.00', reason: 'replayed' };
    const key = newKey();
    const first = await request(fay, body, key);
    const again = await request(fay, body, key);
    expect(again.json()).toEqual(first.json());
    expect((await request(fay, { ...body, amount: '2.00' }, key)).json().code).toBe(1007);
    // The same key from another member is another request, refused the same way.
    expect((await request(fred, body, key)).json().code).toBe(1007);
    const id = first.json().data.id as string;
    const listed = (await fay.call({ method: 'GET', url: `adjustments?uid=${u.uid}` })).json().data;
    expect(listed.items.map((a: { id: string }) => a.id)).toEqual([id]);

    const approvalKey = newKey();
    const approved = await approve(finn, id, undefined, approvalKey);
    expect(approved.json().code).toBe(0);
    expect((await approve(finn, id, undefined, approvalKey)).json()).toEqual(approved.json());
    expect((await approve(finn, id, 'other note', approvalKey)).json().code).toBe(1007);
    expect(await journalsOf(id)).toHaveLength(1);
    expect(await available(u.id)).toBe('1.00');

    expect((await request(fay, body, null)).json().code).toBe(1008);
    expect((await request(fay, body, 'short')).json().code).toBe(1008);
    expect((await approve(finn, id, undefined, null)).json().code).toBe(1008);
  });

  it('posts exactly one journal when several approvals race', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await customer();
      const id = (
        await request(fay, { uid: u.uid, currency: 'usdt', amount: '3.500000', reason: 'race' })
      ).json().data.id as string;
      const answers = await Promise.all(
        [finn, fred, finn, fred, finn, fred].map((who) => approve(who, id)),
      );
      const codes = answers.map((a) => a.json().code as number);
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === 7022)).toHaveLength(5);
      expect(await journalsOf(id)).toHaveLength(1);
      expect(await available(u.id, 'usdt')).toBe('3.500000');
      expect((await auditOf(id)).map((a) => a.action)).toEqual([
        'adjustments.requested',
        'adjustments.approved',
      ]);
    }
  });

  it('answers a double-sent approval (one key, at once) with one result', async () => {
    const u = await customer();
    const id = (
      await request(fay, { uid: u.uid, currency: 'money', amount: '7.00', reason: 'double click' })
    ).json().data.id as string;
    const key = newKey();
    const [a, b] = await Promise.all([
      approve(finn, id, undefined, key),
      approve(finn, id, undefined, key),
    ]);
    expect(a.json()).toMatchObject({ code: 0, data: { status: 'approved' } });
    expect(b.json()).toEqual(a.json());
    expect(await journalsOf(id)).toHaveLength(1);
    expect(await available(u.id)).toBe('7.00');
  });

  it('checks the request: amount in the currency’s scale, a reason, a known user', async () => {
    const u = await customer();
    const base = { uid: u.uid, currency: 'money', amount: '1.00', reason: 'valid reason' };
    for (const amount of [
      '1.005',
      '0',
      '0.00',
      '-0',
      '1e3',
      '+1.00',
      ' 1.00',
      '01.00',
      '',
      '1000000000000.00',
    ])
      expect((await request(fay, { ...base, amount })).json(), amount).toMatchObject({
        code: 1000,
        data: { issues: [{ field: 'amount' }] },
      });
    expect((await request(fay, { ...base, amount: 12 })).json().code).toBe(1000);
    expect(
      (await request(fay, { ...base, currency: 'usdt', amount: '1.000001' })).json().code,
    ).toBe(0);
    expect((await request(fay, { ...base, reason: '  x ' })).json()).toMatchObject({
      code: 1000,
      data: { issues: [{ field: 'reason', msg: 'Please give a reason of 3–500 characters' }] },
    });
    expect((await request(fay, { ...base, reason: 'x'.repeat(501) })).json().code).toBe(1000);
    expect((await request(fay, { ...base, reason: 'nul \u0000 inside' })).json().code).toBe(1000);
    expect((await request(fay, { ...base, reason: 'two\nlines' })).json().code).toBe(0);
    expect((await request(fay, { ...base, currency: 'eur' })).json().code).toBe(1000);
    expect((await request(fay, { ...base, extra: 1 })).json().code).toBe(1000);
    expect((await request(fay, { ...base, uid: '100000000' })).json().code).toBe(7010);
    expect((await request(fay, { ...base, uid: '0' })).json().code).toBe(1000);
  });

  it('lists and reads adjustments; bad ids are 1000, unknown ones 7020', async () => {
    const u = await customer();
    const ids: string[] = [];
    for (const amount of ['1.00', '2.00', '3.00'])
      ids.push(
        (await request(sue, { uid: u.uid, currency: 'money', amount, reason: 'list me' })).json()
          .data.id,
      );
    await reject(fay, ids[0]!, 'not this one');
    const page = (await sue.call({ method: 'GET', url: `adjustments?uid=${u.uid}&limit=2` })).json()
      .data;
    expect(page.items.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]]);
    const rest = (
      await sue.call({
        method: 'GET',
        url: `adjustments?uid=${u.uid}&limit=2&cursor=${page.nextCursor}`,
      })
    ).json().data;
    expect(rest).toMatchObject({ items: [{ id: ids[0], status: 'rejected' }], nextCursor: null });
    const pending = (
      await sue.call({ method: 'GET', url: `adjustments?uid=${u.uid}&status=pending` })
    ).json().data.items;
    expect(pending.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]]);
    expect(
      (await sue.call({ method: 'GET', url: `adjustments/${ids[1]}` })).json().data,
    ).toMatchObject({
      id: ids[1],
      amount: '2.00',
      status: 'pending',
    });

    for (const url of [
      'adjustments/x',
      'adjustments/0',
      'adjustments?cursor=-1',
      'adjustments?status=done',
    ])
      expect((await sue.call({ method: 'GET', url })).json().code, url).toBe(1000);
    expect((await sue.call({ method: 'GET', url: 'adjustments/999999' })).json().code).toBe(7020);
    expect((await approve(finn, '999999')).json().code).toBe(7020);
    expect((await sue.call({ method: 'GET', url: 'adjustments?uid=100000000' })).json().code).toBe(
      7010,
    );

    const queue = await t.app.services.adjustments.pendingQueue();
    expect(queue).toEqual({
      name: 'adjustments',
      count: expect.any(Number),
      oldestAt: expect.any(String),
    });
    expect(queue.count).toBeGreaterThanOrEqual(2);
  });

  it('leaves the ledger balanced', async () => {
    const report = await reconcile(t.database.db);
    expect(report.unbalancedJournals).toEqual([]);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.negativeBalances).toEqual([]);
    expect(report.totals.every((x) => x.totalMinor === '0')).toBe(true);
    expect(report.ok).toBe(true);
  });
});

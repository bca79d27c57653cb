import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers } from '../auth/users.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { createAuditService } from '../audit/audit.service.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { createOpsService } from '../ops/ops.service.js';

const PASSWORD = 'Secret123';

describe('wallet API', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-20T10:00:00Z'));
  let ops: ReturnType<typeof createOpsService>;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    ops = createOpsService({
      db: t.database.db,
      users: createUsers(t.database.db),
      ledger: createLedgerService({ now: clock.now }),
      audit: createAuditService({ db: t.database.db, now: () => new Date() }),
    });
  });
  afterAll(() => t.close());

  let n = 0;
  async function user() {
    const username = `wallet${++n}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username, password: PASSWORD, repassword: PASSWORD },
    });
    return { username, token: res.json().data.token as string };
  }
  const get = (url: string, token: string) =>
    t.app.inject({ url: `/api/v1/${url}`, headers: { authorization: `Bearer ${token}` } });
  const adjust = (
    direction: 'credit' | 'debit',
    username: string,
    amount: string,
    currency: 'money' | 'usdt',
  ) =>
    ops.adjust({
      direction,
      username,
      amount,
      currency,
      reason: 'test adjustment',
      actor: 'ops:test',
    });

  it('shows zero balances to a new user', async () => {
    const { token } = await user();
    const res = await get('user/balance', token);
    expect(res.json().data).toEqual({
      money: {
        available: '0.00',
        frozen: { total: '0.00', inOrder: '0.00', withdrawHold: '0.00', earnPrincipal: '0.00' },
        total: '0.00',
      },
      usdt: {
        available: '0.000000',
        frozen: {
          total: '0.000000',
          inOrder: '0.000000',
          withdrawHold: '0.000000',
          earnPrincipal: '0.000000',
        },
        total: '0.000000',
      },
    });
    expect((await get('user/assetsRecent', token)).json().data).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('shows an operator credit in the balance and the statement', async () => {
    const { username, token } = await user();
    await adjust('credit', username, '1000.00', 'money');
    await adjust('debit', username, '250.25', 'money');
    await adjust('credit', username, '12.345678', 'usdt');
    const balance = (await get('user/balance', token)).json().data;
    expect(balance.money.available).toBe('749.75'); // 1000.00 − 250.25 = 749.75
    expect(balance.money.total).toBe('749.75');
    expect(balance.usdt.available).toBe('12.345678');
    const items = (await get('user/assetsRecent', token)).json().data.items;
    expect(
      items.map(
        (i: { kind: string; available: string; balanceAfter: string; currency: string }) => [
          i.kind,
          i.currency,
          i.available,
          i.balanceAfter,
        ],
      ),
    ).toEqual([
      ['adjustment_credit', 'usdt', '12.345678', '12.345678'],
      ['adjustment_debit', 'money', '-250.25', '749.75'],
      ['adjustment_credit', 'money', '1000.00', '1000.00'],
    ]);
    expect(items[0]).toMatchObject({
      kindLabel: 'Credit by platform',
      frozen: '0.000000',
      availableAfter: '12.345678',
      frozenAfter: '0.000000',
    });
  });

  it('pages newest first by cursor, and filters by currency, kind and date', async () => {
    const { username, token } = await user();
    for (let i = 1; i <= 5; i++) {
      await adjust('credit', username, `${i}.00`, 'money');
      clock.advance(86_400_000); // one a day
    }
    await adjust('credit', username, '1.000000', 'usdt');
    const first = (await get('user/financialRecords?limit=2', token)).json().data;
    expect(first.items.map((i: { available: string }) => i.available)).toEqual([
      '1.000000',
      '5.00',
    ]);
    const second = (
      await get(`user/financialRecords?limit=2&cursor=${first.nextCursor}`, token)
    ).json().data;
    expect(second.items.map((i: { available: string }) => i.available)).toEqual(['4.00', '3.00']);
    const third = (
      await get(`user/financialRecords?limit=2&cursor=${second.nextCursor}`, token)
    ).json().data;
    expect(third.items.map((i: { available: string }) => i.available)).toEqual(['2.00', '1.00']);
    expect(third.nextCursor).toBeNull();

    const usdt = (await get('user/financialRecords?currency=usdt', token)).json().data.items;
    expect(usdt).toHaveLength(1);
    const debits = (await get('user/financialRecords?kind=adjustment_debit', token)).json().data
      .items;
    expect(debits).toEqual([]);
    const both = (
      await get(
        'user/financialRecords?kind=adjustment_debit,adjustment_credit&currency=money',
        token,
      )
    ).json().data.items;
    expect(both).toHaveLength(5);
    // Credits were made on 11-20 (day 1) … 11-24 (day 5); 11-21..11-22 inclusive holds days 2 and 3.
    const days = (
      await get('user/financialRecords?from=2026-11-21&to=2026-11-22&currency=money', token)
    ).json().data.items;
    expect(days.map((i: { available: string }) => i.available)).toEqual(['3.00', '2.00']);
    // The same days in UTC+14 start 14 h earlier: day 2 (11-21 10:00Z = 11-22 00:00 local) moves
    // out of range, day 1 (11-20 10:00Z = 11-21 00:00 local) moves in.
    const east = (
      await get('user/financialRecords?from=2026-11-21&to=2026-11-21&currency=money&tz=840', token)
    ).json().data.items;
    expect(east.map((i: { available: string }) => i.available)).toEqual(['1.00']);
  });

  it('exports the statement as CSV in the caller’s language', async () => {
    const { username, token } = await user();
    await adjust('credit', username, '88.80', 'money');
    const res = await t.app.inject({
      url: '/api/v1/user/financialRecords/export?lang=zh-Hans',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="ampere-statement-\d{8}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF时间,类型,币种,可用变动,冻结变动,变动后可用,变动后冻结,变动后余额,关联单号',
    );
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z,平台入账,CNY,88\.80,0\.00,88\.80,0\.00,88\.80,$/,
    );
  });

  it('never shows one user another user’s money', async () => {
    const a = await user();
    const b = await user();
    await adjust('credit', a.username, '500.00', 'money');
    expect((await get('user/balance', b.token)).json().data.money.available).toBe('0.00');
    expect((await get('user/financialRecords', b.token)).json().data.items).toEqual([]);
    const csv = (
      await t.app.inject({
        url: '/api/v1/user/financialRecords/export',
        headers: { authorization: `Bearer ${b.token}` },
      })
    ).body;
    expect(csv.trim().split('\r\n')).toHaveLength(1); // header only
  });

  it.each([
    ['currency=eur', 'currency'],
    ['kind=steal', 'kind.0'],
    ['from=21-11-2026', 'from'],
    ['limit=51', 'limit'],
    ['cursor=abc', 'cursor'],
    ['userId=1', 'userId'],
  ])('refuses a bad query (%s) with a field-level error', async (query, field) => {
    const { token } = await user();
    const res = await get(`user/financialRecords?${query}`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1000);
    expect(res.json().data.issues[0].field).toBe(field);
  });

  it('requires a session', async () => {
    for (const url of [
      'user/balance',
      'user/assetsRecent',
      'user/financialRecords',
      'user/financialRecords/export',
    ]) {
      const res = await t.app.inject({ url: `/api/v1/${url}` });
      expect(res.statusCode).toBe(401);
    }
  });
});

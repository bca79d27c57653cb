import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { creditFromEquity, signUpThroughApi } from '../../../test/fixtures.js';
import { createTestApp, dbErrorOf, testClock, type TestApp } from '../../../test/harness.js';
import { signInStaff } from '../../../test/staff.js';
import { createUsersRepository } from '../../auth/users.repository.js';
import { reconcile } from '../../ledger/reconcile.js';

/** The practice book through the real server: opening, orders, limits, resets, the back office. */
describe('practice book API', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  const nowMs = () => clock.now().getTime();
  let seq = 0;
  let keySeq = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  async function trader() {
    const u = await signUpThroughApi(t.app, t.database.db, `practicer${++seq}`);
    await creditFromEquity(t.database.db, u.id, 'usdt', 500_000_000n); // 500 USDT, real
    return u;
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes read loosely
  type Json = any;
  const get = async (token: string, url: string): Promise<Json> =>
    (await t.app.inject({ url: `/api/v1/${url}`, headers: auth(token) })).json();
  const post = async (token: string, url: string, payload: object, key?: string): Promise<Json> =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/${url}`,
        headers: { ...auth(token), 'idempotency-key': key ?? `pk-${++keySeq}-xxxxxxxx` },
        payload,
      })
    ).json();
  const tick = (price: bigint, atMs = nowMs()) =>
    t.app.services.market.recordTick('BTC/USDT', atMs, price, 2);
  const practiceBuy = {
    symbol: 'BTC/USDT',
    direction: 'up',
    amount: '100.000000',
    currency: 'usdt',
    period: 30,
    book: 'practice',
  };
  /** A tick inside the 30 s window at `price`, one after expiry, then settlement. */
  const settleAt = async (price: bigint) => {
    clock.advance(29_000);
    await tick(price);
    clock.advance(2_000);
    await tick(price);
    await t.app.services.trading.settleDue();
  };
  const realUsdt = async (token: string): Promise<Json> =>
    (await get(token, 'user/balance')).data.usdt;

  it('opens on first read with 10,000 practice USDT, apart from the real balance', async () => {
    const u = await trader();
    const before = await realUsdt(u.token);
    const res = await get(u.token, 'user/practice');
    expect(res).toMatchObject({
      code: 0,
      data: {
        currency: 'usdt',
        available: '10000.000000',
        inOrder: '0.000000',
        start: '10000.000000',
        openOrders: 0,
        resets: 0,
        lastResetAt: null,
        nextResetAt: null,
      },
    });
    expect(await realUsdt(u.token)).toEqual(before);
    // Read again: opened once.
    expect((await get(u.token, 'user/practice')).data.available).toBe('10000.000000');
  });

  it('trades on the practice book by the same rule, counted toward no limit, with a receipt', async () => {
    const u = await trader();
    const realBefore = await realUsdt(u.token);
    // A limit of one trade a day and a 1 USDT loss limit: practice is never checked against them.
    expect(
      (await post(u.token, 'user/tradeLimits', { dailyTrades: '1', dailyLossUsdt: '1.000000' }))
        .code,
    ).toBe(0);
    await tick(9_700_000n);
    expect((await post(u.token, 'user/buy', { ...practiceBuy, currency: 'money' })).code).toBe(
      4100,
    );
    const first = await post(u.token, 'user/buy', practiceBuy);
    expect(first).toMatchObject({ code: 0, data: { book: 'practice', currency: 'usdt' } });
    const second = await post(u.token, 'user/buy', { ...practiceBuy, direction: 'down' });
    expect(second.code).toBe(0);
    expect((await get(u.token, 'user/practice')).data).toMatchObject({
      available: '9800.000000',
      inOrder: '200.000000',
      openOrders: 2,
    });
    // Real money did not move; real lists and today's figures hold no practice order.
    expect(await realUsdt(u.token)).toEqual(realBefore);
    expect((await get(u.token, 'user/newOrderList')).data.items).toEqual([]);
    expect((await get(u.token, 'user/newOrderList?book=practice')).data.items).toHaveLength(2);
    const limits = (await get(u.token, 'user/tradeLimits')).data;
    expect(JSON.stringify(limits)).not.toContain('100.000000');
    // Nor in the exposure the dashboard shows.
    const exposure = await t.app.services.trading.openExposure();
    expect(exposure.filter((e) => e.orders > 0)).toEqual([]);
    // A reset waits for nothing: refused while practice orders are open.
    expect((await post(u.token, 'user/practiceReset', {})).code).toBe(4101);

    await settleAt(9_800_000n); // up won, down lost
    const practice = (await get(u.token, 'user/practice')).data;
    expect(practice).toMatchObject({ available: '9980.000000', inOrder: '0.000000' });
    const closed = (await get(u.token, 'user/orderList?book=practice')).data.items;
    expect(closed.map((o: { status: string }) => o.status).sort()).toEqual(['lost', 'won']);
    expect((await get(u.token, 'user/orderList')).data.items).toEqual([]);
    const receipt = await get(u.token, `user/orderReceipt?id=${first.data.id}`);
    expect(receipt).toMatchObject({
      code: 0,
      data: { order: { book: 'practice', status: 'won', payout: '180.000000' } },
    });
    expect(receipt.data.verification.ok).toBe(true);
    // The statement has no practice line; the real balance is where it was.
    const lines = (await get(u.token, 'user/financialRecords')).data.items;
    expect(lines.map((l: { kind: string }) => l.kind)).toEqual(['adjustment_credit']);
    expect(JSON.stringify(lines)).not.toMatch(/practice|9980/);
    expect(await realUsdt(u.token)).toEqual(realBefore);
    // A real order is still held to the limits (one trade a day: this is the first).
    const real = await post(u.token, 'user/buy', {
      ...practiceBuy,
      book: 'real',
      amount: '1.000000',
    });
    expect(real).toMatchObject({ code: 0, data: { book: 'real' } });
  });

  it('resets to the starting balance at most once an hour, idempotently', async () => {
    const u = await trader();
    await get(u.token, 'user/practice');
    await tick(9_700_000n);
    expect((await post(u.token, 'user/buy', practiceBuy)).code).toBe(0);
    await settleAt(9_600_000n); // lost
    expect((await get(u.token, 'user/practice')).data.available).toBe('9900.000000');

    const key = 'reset-once-xxxxxxxx';
    const reset = await post(u.token, 'user/practiceReset', {}, key);
    expect(reset).toMatchObject({
      code: 0,
      data: { available: '10000.000000', resets: 1, lastResetAt: nowMs() },
    });
    expect(reset.data.nextResetAt).toBe(nowMs() + 3_600_000);
    // A replay answers the same and posts nothing more.
    expect(await post(u.token, 'user/practiceReset', {}, key)).toEqual(reset);
    const journals = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_journal where user_id = ${u.id} and kind = 'practice_reset'`,
    );
    expect(journals[0]?.n).toBe(1);
    // Another key within the hour: too soon, with the minutes left.
    clock.advance(60_000);
    const soon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/practiceReset?lang=en-US',
      headers: { ...auth(u.token), 'idempotency-key': 'reset-twice-xxxxxxx' },
      payload: {},
    });
    expect(soon.json()).toMatchObject({
      code: 4102,
      data: { minutes: 59 },
      msg: 'Practice can be reset once an hour. Please try again in 59 min',
    });
    expect((await post(u.token, 'user/practiceReset', {}, undefined)).code).toBe(4102);
    // Without a key: refused as every money POST is.
    const keyless = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/practiceReset',
      headers: auth(u.token),
      payload: {},
    });
    expect(keyless.json().code).toBe(1008);
    clock.advance(3_600_000);
    await tick(9_600_000n);
    const later = await post(u.token, 'user/practiceReset', {});
    expect(later).toMatchObject({ code: 0, data: { available: '10000.000000', resets: 2 } });
  });

  it('takes the starting balance the back office sets, on opening and on reset', async () => {
    const risk = await signInStaff(t.app, 'practice-risk', 'risk', clock.now);
    const bad = await risk.call({
      method: 'POST',
      url: 'settings/practice?lang=en-US',
      payload: { start: '1000000.01' },
    });
    expect(bad.json()).toMatchObject({ code: 7500, data: { max: '1000000' } });
    const support = await signInStaff(t.app, 'practice-support', 'support', clock.now);
    const set = await support.call({
      method: 'POST',
      url: 'settings/practice',
      payload: { start: '2500' },
    });
    expect(set.json()).toMatchObject({ code: 403 }); // support may read, not change
    const changed = await risk.call({
      method: 'POST',
      url: 'settings/practice',
      payload: { start: '2500' },
    });
    expect(changed.json()).toMatchObject({ code: 0, data: { start: '2500.000000' } });
    const u = await trader();
    expect((await get(u.token, 'user/practice')).data.available).toBe('2500.000000');
    await risk.call({ method: 'POST', url: 'settings/practice', payload: { start: '10000' } });
  });

  it('shows the back office practice apart, and keeps it out of reconciliation', async () => {
    const u = await trader();
    await get(u.token, 'user/practice');
    await tick(9_700_000n);
    expect((await post(u.token, 'user/buy', practiceBuy)).code).toBe(0);
    const row = await createUsersRepository(t.database.db).findByUsername(`practicer${seq}`);
    const uid = row?.uid.toString() ?? '';
    const staff = await signInStaff(t.app, 'practice-reader', 'support', clock.now);
    const res = (await staff.call({ url: `users/${uid}/practice` })).json();
    expect(res).toMatchObject({
      code: 0,
      data: {
        account: { available: '9900.000000', inOrder: '100.000000', openOrders: 1 },
        orders: { total: 1, open: 1, won: 0, lost: 0 },
      },
    });
    const realOrders = (await staff.call({ url: `users/${uid}/orders` })).json().data.items;
    expect(realOrders).toEqual([]);
    const practiceOrders = (await staff.call({ url: `users/${uid}/orders?book=practice` })).json()
      .data.items;
    expect(practiceOrders).toHaveLength(1);
    const detail = (await staff.call({ url: `users/${uid}` })).json().data;
    expect(JSON.stringify(detail.balances)).not.toContain('9900');

    const report = await reconcile(t.database.db);
    expect(report.ok).toBe(true);
    expect(report.totals.map((x) => x.currency)).not.toContain('usdt_practice');
    expect(JSON.stringify(report)).not.toContain('usdt_practice');
  });

  it('refuses, in the database, a journal that mixes the practice and real books', async () => {
    const u = await trader();
    await get(u.token, 'user/practice');
    const accounts = await queryRows<{ id: string; currency: string; mine: boolean }>(
      t.database.db,
      sql`select id::text, currency, user_id is not null as mine from ledger_account
           where (user_id is null and purpose = 'house_equity')
              or (user_id = ${u.id} and purpose = 'available')`,
    );
    const id = (currency: string, mine: boolean) =>
      accounts.find((a) => a.currency === currency && a.mine === mine)?.id;
    const message = await dbErrorOf(
      t.database.db.transaction(async (tx) => {
        const [j] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ledger_journal (kind, actor, user_id) values ('adjustment_credit', 'test:attacker', ${u.id}) returning id::text`,
        );
        // Balanced per currency, but practice money out of one book and real money into another.
        await tx.execute(sql`insert into ledger_posting (journal_id, account_id, currency, amount_minor)
          values (${j?.id}::bigint, ${id('usdt_practice', true)}::bigint, 'usdt_practice', -1000000),
                 (${j?.id}::bigint, ${id('usdt_practice', false)}::bigint, 'usdt_practice', 1000000),
                 (${j?.id}::bigint, ${id('usdt', false)}::bigint, 'usdt', -1000000),
                 (${j?.id}::bigint, ${id('usdt', true)}::bigint, 'usdt', 1000000)`);
      }),
    );
    expect(message).toMatch(/mixes the practice and real books/);
  });
});

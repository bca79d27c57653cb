import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { creditFromEquity, signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { reconcile } from '../ledger/reconcile.js';

interface Env<T> {
  code: number;
  msg: string;
  data: T;
}
interface Order {
  id: string;
  status: string;
  amount: string;
  dailyIncome: string;
  holdingDays: number;
  totalIncome: string;
  nextSettlement: number | null;
  liquidatedDamages: string;
  refundAmount: string;
}
interface Preview {
  id: string;
  principal: string;
  interestPaid: string;
  liquidatedDamages: string;
  refundAmount: string;
}

const DAY = 86_400_000;

/** The preview's figures, as the confirmation sends them back. */
const confirmBody = (p: Preview) => ({
  id: p.id,
  principal: p.principal,
  interestPaid: p.interestPaid,
  liquidatedDamages: p.liquidatedDamages,
  refundAmount: p.refundAmount,
});
const PRODUCT = {
  names: { 'en-US': 'Steady 3', 'zh-Hans': '稳健 3 天' },
  descriptions: { 'en-US': 'Three days' },
  currency: 'money',
  dailyRate: '0.0015',
  cycleDays: 3,
  min: '100.00',
  max: '5000.00',
  userQuota: '8000.00',
  totalQuota: null,
  penaltyRate: '0.05',
  saleStartsAt: null,
  saleEndsAt: null,
  status: 'active',
  sortOrder: 1,
};

describe('Earn through the API', () => {
  let t: TestApp;
  // 08:00 UTC = 16:00 in the operator's zone (UTC+8): the next day starts at 16:00 UTC.
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  let risk: StaffClient;
  let productId: string;
  let alice: { id: bigint; token: string };
  let bob: { id: bigint; token: string };
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    risk = await signInStaff(t.app, 'earn-risk', 'risk', clock.now);
    const made = await risk.call({ method: 'POST', url: 'earn/products', payload: PRODUCT });
    productId = made.json<Env<{ id: string }>>().data.id;
    alice = await signUpThroughApi(t.app, t.database.db, 'earnalice');
    bob = await signUpThroughApi(t.app, t.database.db, 'earnbob');
    await creditFromEquity(t.database.db, alice.id, 'money', 10_000_00n);
    await creditFromEquity(t.database.db, bob.id, 'money', 10_000_00n);
  });
  afterAll(() => t.close());

  const get = async <T>(who: { token: string }, path: string) =>
    (
      await t.app.inject({
        url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}lang=en-US`,
        headers: { authorization: `Bearer ${who.token}` },
      })
    ).json<Env<T>>();
  const post = async <T>(
    who: { token: string },
    path: string,
    payload: Record<string, string>,
    key = `earn-${++seq}-xxxxxxxx`,
  ) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/${path}?lang=en-US`,
        headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': key },
        payload,
      })
    ).json<Env<T>>();
  const buy = (who: { token: string }, amount: string, key?: string) =>
    post<Order>(who, 'user/earnBuy', { productId, amount }, key);
  const available = async (who: { token: string }) =>
    (
      await get<{ money: { available: string; frozen: { earnPrincipal: string } } }>(
        who,
        'user/balance',
      )
    ).data.money;
  /** Moves the clock on; sessions have since idled out, so both users sign in again. */
  const advance = async (ms: number) => {
    clock.advance(ms);
    for (const [who, username] of [
      [alice, 'earnalice'],
      [bob, 'earnbob'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username, password: 'Secret123' },
      });
      who.token = res.json<Env<{ token: string }>>().data.token;
    }
  };
  const drain = async () => {
    let total = 0;
    for (;;) {
      const n = await t.app.services.earn.accrueDue(2);
      total += n;
      if (n === 0) return total;
    }
  };

  it('lists products with their terms', async () => {
    const res = await get<{
      items: {
        id: string;
        name: string;
        dailyRate: string;
        onSale: boolean;
        userRemaining: string;
      }[];
    }>(alice, 'user/earnProducts');
    expect(res.data.items).toEqual([
      expect.objectContaining({
        id: productId,
        name: 'Steady 3',
        dailyRate: '0.0015',
        onSale: true,
        userRemaining: '8000.00',
      }),
    ]);
  });

  it('refuses bad amounts with "enter a valid amount", and amounts outside the limits', async () => {
    for (const amount of ['', 'abc', '1.234', '-100.00', '0', '1e3', '100.'])
      expect(await buy(alice, amount), amount).toMatchObject({
        code: 4006,
        msg: 'Please enter a valid amount',
      });
    expect(await buy(alice, '99.99')).toMatchObject({
      code: 6003,
      data: { min: '100.00', max: '5000.00' },
    });
    expect(await buy(alice, '5000.01')).toMatchObject({ code: 6003 });
    expect(await available(alice)).toMatchObject({ available: '10000.00' });
  });

  it('subscribes once per key, pays each day once, and matures with the principal back', async () => {
    const key = 'earn-first-order-key';
    const first = await buy(alice, '1000.00', key);
    expect(first).toMatchObject({
      code: 0,
      data: { status: 'hosting', amount: '1000.00', dailyIncome: '1.50', holdingDays: 0 },
    });
    const replay = await buy(alice, '1000.00', key);
    expect(replay.data.id).toBe(first.data.id);
    expect(await buy(alice, '1200.00', key)).toMatchObject({ code: 1007 });
    expect(await available(alice)).toMatchObject({
      available: '9000.00',
      frozen: { earnPrincipal: '1000.00' },
    });
    // The next payment is due when the operator's next day starts: 16:00 UTC.
    expect(first.data.nextSettlement).toBe(Date.parse('2026-11-21T16:00:00Z'));

    expect(await drain()).toBe(0); // not yet
    await advance(8 * 3_600_000 + 1); // 16:00:00.001 UTC: day 1 is due
    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    const after1 = await get<{ order: Order; incomes: { day: string; amount: string }[] }>(
      alice,
      `user/earnOrder?id=${first.data.id}`,
    );
    expect(after1.data.order).toMatchObject({ holdingDays: 1, totalIncome: '1.50' });
    expect(after1.data.incomes).toEqual([
      expect.objectContaining({ day: '2026-11-21', amount: '1.50' }),
    ]);
    const summary = await get<{ money: { held: string; totalEarned: string; yesterday: string } }>(
      alice,
      'user/earnSummary',
    );
    expect(summary.data.money).toMatchObject({
      held: '1000.00',
      totalEarned: '1.50',
      yesterday: '1.50',
    });

    // Down for three days: the two remaining days are paid once each, in order, then it matures.
    await advance(3 * DAY);
    expect(await drain()).toBe(2);
    const done = await get<{ order: Order; incomes: { day: string; amount: string }[] }>(
      alice,
      `user/earnOrder?id=${first.data.id}`,
    );
    expect(done.data.order).toMatchObject({
      status: 'settled',
      holdingDays: 3,
      totalIncome: '4.50',
      nextSettlement: null,
      refundAmount: '1000.00',
    });
    expect(done.data.incomes.map((i) => i.day)).toEqual(['2026-11-23', '2026-11-22', '2026-11-21']);
    expect(await available(alice)).toMatchObject({
      available: '10004.50',
      frozen: { earnPrincipal: '0.00' },
    });
    const tabs = await get<{ items: Order[] }>(alice, 'user/earnOrders?status=settled');
    expect(tabs.data.items.map((o) => o.id)).toEqual([first.data.id]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it('redeems early exactly as previewed, and refuses a stale preview', async () => {
    const order = (await buy(bob, '2000.00')).data;
    const stale = (await get<Preview>(bob, `user/earnRedeemPreview?id=${order.id}`)).data;
    expect(stale).toMatchObject({
      principal: '2000.00',
      interestPaid: '0.00',
      liquidatedDamages: '100.00',
      refundAmount: '1900.00',
    });
    await advance(DAY);
    expect(await drain()).toBe(1);
    const refused = await post(bob, 'user/earnRedeem', confirmBody(stale));
    expect(refused).toMatchObject({ code: 6008, data: { interestPaid: '3.00' } });
    const fresh = (await get<Preview>(bob, `user/earnRedeemPreview?id=${order.id}`)).data;
    const freshBody = confirmBody(fresh);
    const key = 'earn-redeem-bob-key';
    const done = await post<Order>(bob, 'user/earnRedeem', freshBody, key);
    expect(done).toMatchObject({
      code: 0,
      data: {
        status: 'cancelled',
        liquidatedDamages: '100.00',
        refundAmount: '1900.00',
        totalIncome: '3.00',
      },
    });
    const replay = await post<Order>(bob, 'user/earnRedeem', freshBody, key);
    expect(replay.data).toEqual(done.data);
    // 10,000 − 2,000 + 3.00 interest + 1,900 refund.
    expect(await available(bob)).toMatchObject({
      available: '9903.00',
      frozen: { earnPrincipal: '0.00' },
    });
    expect(await post(bob, 'user/earnRedeem', freshBody)).toMatchObject({
      code: 6007,
    });
    const redeemed = await get<{ items: Order[] }>(bob, 'user/earnOrders?status=redeemed');
    expect(redeemed.data.items.map((o) => o.id)).toEqual([order.id]);
    // Nothing more is paid on a redeemed order.
    await advance(DAY);
    expect(await drain()).toBe(0);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("never shows or redeems another user's order", async () => {
    const order = (await buy(bob, '100.00')).data;
    expect(await get(alice, `user/earnOrder?id=${order.id}`)).toMatchObject({ code: 6006 });
    expect(await get(alice, `user/earnRedeemPreview?id=${order.id}`)).toMatchObject({ code: 6006 });
    const preview = (await get<Preview>(bob, `user/earnRedeemPreview?id=${order.id}`)).data;
    expect(await post(alice, 'user/earnRedeem', confirmBody(preview))).toMatchObject({
      code: 6006,
    });
  });

  it('holds quotas under concurrent subscriptions', async () => {
    // Alice subscribed 1,000.00 of her 8,000.00: ten concurrent 1,000.00 leave room for seven.
    await creditFromEquity(t.database.db, alice.id, 'money', 20_000_00n);
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(alice, '1000.00')));
    expect(results.filter((r) => r.code === 0)).toHaveLength(7);
    expect(results.filter((r) => r.code === 6004)).toHaveLength(3);
    expect(await buy(alice, '100.00')).toMatchObject({ code: 6004, data: { remaining: '0.00' } });
  });

  it('refuses a paused product or one outside its window, and asks for the fund password', async () => {
    // Days have passed on the test clock: the first member's session has ended.
    risk = await signInStaff(t.app, 'earn-risk2', 'risk', clock.now);
    const res = await risk.call({
      method: 'POST',
      url: `earn/products/${productId}`,
      payload: { ...PRODUCT, saleEndsAt: clock.now().getTime() - 1 },
    });
    expect(res.json<Env<unknown>>().code).toBe(0);
    expect(await buy(bob, '100.00')).toMatchObject({ code: 6002 });
    await risk.call({ method: 'POST', url: `earn/products/${productId}`, payload: PRODUCT });
    const set = await post(bob, 'user/mpassword', { password: '246810', repassword: '246810' });
    expect(set.code).toBe(0);
    expect(await buy(bob, '100.00')).toMatchObject({ code: 6009 });
    expect(
      await post(bob, 'user/earnBuy', { productId, amount: '100.00', password: '111111' }),
    ).toMatchObject({
      code: 2006,
    });
    expect(
      await post(bob, 'user/earnBuy', { productId, amount: '100.00', password: '246810' }),
    ).toMatchObject({
      code: 0,
    });
  });

  it('keeps one accrual row per (order, day)', async () => {
    await advance(5 * DAY);
    await drain();
    const [dupes] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from (select order_id, day from earn_accrual
            group by order_id, day having count(*) > 1) d`,
    );
    expect(dupes?.n).toBe('0');
    const [open] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from earn_order where status = 'hosting'`,
    );
    expect(open?.n).toBe('0');
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});

import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { queryRows } from '../../db/client.js';
import { creditFromEquity, signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { reconcile } from '../ledger/reconcile.js';

describe('fixed-time trading API', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  const nowMs = () => clock.now().getTime();
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  /** A signed-up user holding `cny` CNY. */
  async function trader(cny = 1_000_00n) {
    const { id, token } = await signUpThroughApi(t.app, t.database.db, `trader${++seq}`);
    if (cny > 0n) await creditFromEquity(t.database.db, id, 'money', cny);
    return { id, token };
  }

  const tick = (symbol: string, price: bigint, atMs = nowMs()) =>
    t.app.services.market.recordTick(symbol, atMs, price, 2);

  let keySeq = 0;
  const buy = (
    token: string,
    body: Record<string, string | number>,
    key: string | null = `key-${++keySeq}-xxxxxxxx`,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy?lang=en-US',
      headers: {
        authorization: `Bearer ${token}`,
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      payload: body,
    });

  const balance = async (token: string) =>
    (
      await t.app.inject({
        url: '/api/v1/user/balance',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data.money as { available: string; frozen: { inOrder: string } };

  const order = {
    symbol: 'BTC/USDT',
    direction: 'up',
    amount: '100.00',
    currency: 'money',
    period: 30,
  };

  it('lists the periods with payout rates and stake limits', async () => {
    const res = (await t.app.inject({ url: '/api/v1/trade/periods?symbol=BTC/USDT' })).json();
    expect(res.data.items.map((p: { seconds: number }) => p.seconds)).toEqual([
      30, 60, 120, 300, 600,
    ]);
    expect(res.data.items[0]).toEqual({
      seconds: 30,
      payoutRate: '0.8',
      limits: {
        money: { min: '10.00', max: '50000.00' },
        usdt: { min: '1.000000', max: '10000.000000' },
      },
    });
    const missing = await t.app.inject({ url: '/api/v1/trade/periods?symbol=NOPE/USDT' });
    expect(missing.json().code).toBe(4001);
  });

  it('refuses bad orders with the spec’s messages, and changes nothing', async () => {
    const u = await trader();
    await tick('BTC/USDT', 9_700_000n);
    const cases: [Record<string, string | number>, number, string][] = [
      [{ ...order, period: 45 }, 4004, 'Wrong expiration time selected'],
      [
        { ...order, amount: '9.99' },
        4005,
        'The purchase quantity needs to be between 10.00-50000.00',
      ],
      [
        { ...order, amount: '50000.01' },
        4005,
        'The purchase quantity needs to be between 10.00-50000.00',
      ],
      [{ ...order, amount: '1.001' }, 4006, 'Please enter a valid amount'],
      [{ ...order, amount: 'abc' }, 4006, 'Please enter a valid amount'],
      [{ ...order, amount: '2000.00' }, 3001, 'Insufficient balance'],
      [{ ...order, symbol: 'NOPE/USDT' }, 4001, 'The product ID does not exist'],
      [{ ...order, direction: 'sideways' }, 1000, ''],
      [{ ...order, currency: 'eur' }, 1000, ''],
    ];
    for (const [body, code, msg] of cases) {
      const res = await buy(u.token, body);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code, ...(msg ? { msg } : {}) });
    }
    expect((await buy(u.token, order, null)).json().code).toBe(1008);
    // A product the operator closed takes no orders.
    await t.database.db.execute(
      sql`update product set trading_state = 'closed' where symbol = 'XAU/USD'`,
    );
    t.app.services.trading.invalidateCatalog(); // as a back-office edit does
    await tick('XAU/USD', 265_000n);
    expect((await buy(u.token, { ...order, symbol: 'XAU/USD' })).json()).toMatchObject({
      code: 4003,
      msg: 'This product is closed for trading',
    });
    // A stale feed (no tick for 5 s) takes no orders.
    clock.advance(5_001);
    expect((await buy(u.token, order)).json()).toMatchObject({ code: 4002 });
    expect(await balance(u.token)).toMatchObject({
      available: '1000.00',
      frozen: { inOrder: '0.00' },
    });
  });

  it('checks the session in the order’s own statement as strictly as every signed-in route', async () => {
    const u = await trader();
    await tick('BTC/USDT', 9_700_000n);
    const orders = async () =>
      (
        await queryRows<{ n: string }>(
          t.database.db,
          sql`select count(*) as n from trade_order where user_id = ${u.id}`,
        )
      )[0]?.n;
    const stranger = 'x'.repeat(43);
    // No token, an unknown one (even with a faulty request): 401 before anything else.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy',
      headers: { 'idempotency-key': 'anon-key-0001' },
      payload: order,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await buy(stranger, order)).statusCode).toBe(401);
    expect((await buy(stranger, { ...order, period: 45 })).statusCode).toBe(401);
    expect((await buy(stranger, order, null)).statusCode).toBe(401);

    // A token older than the rotation age: a refused order leaves it as it was (no new token
    // that the refusal would lose); a placed one comes back with the new token, and the old
    // one keeps working for its grace period only.
    clock.advance(16 * 60_000);
    await tick('BTC/USDT', 9_700_000n);
    const poor = await buy(u.token, { ...order, amount: '2000.00' });
    expect(poor.json().code).toBe(3001);
    expect(poor.headers.authorization).toBeUndefined();
    clock.advance(61_000);
    await tick('BTC/USDT', 9_700_000n);
    const rotated = await buy(u.token, order);
    expect(rotated.json()).toMatchObject({ code: 0, data: { status: 'open' } });
    const fresh = String(rotated.headers.authorization).slice('Bearer '.length);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await buy(u.token, order)).json().code).toBe(0); // in-flight grace
    clock.advance(61_000);
    await tick('BTC/USDT', 9_700_000n);
    expect((await buy(u.token, order)).statusCode).toBe(401);
    expect((await buy(fresh, order)).json().code).toBe(0);
    expect(await orders()).toBe('3');

    // Signed out: 401, nothing placed.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/logout',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(out.json().code).toBe(0);
    expect((await buy(fresh, order)).statusCode).toBe(401);

    // A disabled account: ACCOUNT_DISABLED with where to go, its sessions revoked, no order.
    const v = await trader();
    await t.database.db.execute(sql`update app_user set status = 0 where id = ${v.id}`);
    const refused = await buy(v.token, order);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 2004 });
    expect(refused.json().data.redirect).toMatch(/limitPage$/);
    await t.database.db.execute(sql`update app_user set status = 1 where id = ${v.id}`);
    expect((await buy(v.token, order)).statusCode).toBe(401);
    expect(await orders()).toBe('3');
    const [vOrders] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from trade_order where user_id = ${v.id}`,
    );
    expect(vOrders?.n).toBe('0');
  });

  it('keeps a product with orders from being deleted or renamed (no foreign key lock per order)', async () => {
    const u = await trader();
    await tick('SOL/USDT', 15_000n);
    expect((await buy(u.token, { ...order, symbol: 'SOL/USDT' })).json().code).toBe(0);
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.database.db.execute(statement);
        return 'done';
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause ?? error;
        return (cause as Error).message;
      }
    };
    // The trigger answers first (the ticks' and periods' own keys would refuse later).
    const refused = 'product SOL/USDT has orders: close it instead';
    expect(
      await refusal(sql`update product set symbol = 'SOL/USDC' where symbol = 'SOL/USDT'`),
    ).toBe(refused);
    expect(await refusal(sql`delete from product where symbol = 'SOL/USDT'`)).toBe(refused);
    // An update that leaves the symbol alone goes through.
    expect(
      await refusal(
        sql`update product set symbol = symbol, sort_order = sort_order where symbol = 'SOL/USDT'`,
      ),
    ).toBe('done');
  });

  /** Buys at the current tick, moves through the window, settles; returns the settled order. */
  async function play(opts: {
    direction: 'up' | 'down';
    strike: bigint;
    inside: bigint[];
    after?: bigint;
    waitMs?: number;
  }) {
    const u = await trader();
    await tick('ETH/USDT', opts.strike);
    const placed = (
      await buy(u.token, { ...order, symbol: 'ETH/USDT', direction: opts.direction })
    ).json();
    expect(placed).toMatchObject({
      code: 0,
      data: { status: 'open', strikePrice: formatCents(opts.strike) },
    });
    expect(await balance(u.token)).toMatchObject({
      available: '900.00',
      frozen: { inOrder: '100.00' },
    });
    for (const p of opts.inside) {
      clock.advance(25_000 / opts.inside.length);
      await tick('ETH/USDT', p);
    }
    clock.advance(30_000 - (opts.inside.length > 0 ? 25_000 : 0) + 1);
    if (opts.after !== undefined) await tick('ETH/USDT', opts.after);
    if (opts.waitMs) clock.advance(opts.waitMs);
    await t.app.services.trading.settleDue();
    const closed = (
      await t.app.inject({
        url: '/api/v1/user/orderList',
        headers: { authorization: `Bearer ${u.token}` },
      })
    ).json().data.items[0];
    return { u, closed, placed: placed.data };
  }

  const formatCents = (v: bigint) => `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;

  it('wins: exit above strike on up pays stake × (1 + rate)', async () => {
    const { u, closed } = await play({
      direction: 'up',
      strike: 340_000n,
      inside: [340_010n, 340_050n],
      after: 339_000n,
    });
    // 100.00 × (1 + 0.80) = 180.00 back; 1000.00 − 100.00 + 180.00 = 1080.00
    expect(closed).toMatchObject({
      status: 'won',
      exitPrice: '3400.50',
      payout: '180.00',
      profit: '80.00',
    });
    expect(await balance(u.token)).toMatchObject({
      available: '1080.00',
      frozen: { inOrder: '0.00' },
    });
  });

  it('loses: exit above strike on down moves the stake to the house', async () => {
    const { u, closed } = await play({
      direction: 'down',
      strike: 340_000n,
      inside: [340_100n],
      after: 340_000n,
    });
    // 1000.00 − 100.00 = 900.00; nothing back
    expect(closed).toMatchObject({
      status: 'lost',
      exitPrice: '3401.00',
      payout: '0.00',
      profit: '-100.00',
    });
    expect(await balance(u.token)).toMatchObject({
      available: '900.00',
      frozen: { inOrder: '0.00' },
    });
  });

  it('ties: exit equal to strike refunds the stake', async () => {
    const { u, closed } = await play({
      direction: 'up',
      strike: 340_000n,
      inside: [341_000n, 340_000n],
      after: 342_000n,
    });
    // 1000.00 − 100.00 + 100.00 = 1000.00
    expect(closed).toMatchObject({
      status: 'tie',
      exitPrice: '3400.00',
      payout: '100.00',
      profit: '0.00',
    });
    expect(await balance(u.token)).toMatchObject({
      available: '1000.00',
      frozen: { inOrder: '0.00' },
    });
  });

  it('voids: no tick inside the window refunds the stake, once the feed has been silent 5 s past expiry', async () => {
    const { u, closed } = await play({
      direction: 'up',
      strike: 340_000n,
      inside: [],
      waitMs: 5_000,
    });
    // 1000.00 − 100.00 + 100.00 = 1000.00
    expect(closed).toMatchObject({
      status: 'void',
      exitPrice: null,
      payout: '100.00',
      profit: '0.00',
    });
    expect(await balance(u.token)).toMatchObject({ available: '1000.00' });
  });

  it('settles an order that expired while the feed was down on the last tick before expiry', async () => {
    // A tick at +25 s, then silence through expiry: exit = that tick, decided 5 s after expiry.
    const { u, closed } = await play({
      direction: 'down',
      strike: 340_000n,
      inside: [339_900n],
      waitMs: 5_000,
    });
    // down and 3399.00 < 3400.00: 100.00 × 1.80 = 180.00; 900.00 + 180.00 = 1080.00
    expect(closed).toMatchObject({ status: 'won', exitPrice: '3399.00', payout: '180.00' });
    expect(await balance(u.token)).toMatchObject({ available: '1080.00' });
  });

  it('waits for the exit to be final before settling', async () => {
    const u = await trader();
    await tick('SOL/USDT', 18_000n);
    await buy(u.token, { ...order, symbol: 'SOL/USDT' });
    clock.advance(30_001);
    // Expired, but no tick after expiry yet and the feed has not been silent 5 s: not yet.
    expect(await t.app.services.trading.settleDue()).toBe(0);
    const open = (
      await t.app.inject({
        url: '/api/v1/user/newOrderList',
        headers: { authorization: `Bearer ${u.token}` },
      })
    ).json().data.items;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: 'open', secondsRemaining: 0 });
    await tick('SOL/USDT', 18_100n);
    expect(await t.app.services.trading.settleDue()).toBe(1);
    expect(await t.app.services.trading.settleDue()).toBe(0); // exactly once
  });

  it('shows open orders with the countdown, and pages closed ones', async () => {
    const u = await trader(10_000_00n);
    await tick('BTC/USDT', 9_700_000n);
    for (let i = 0; i < 3; i++)
      expect((await buy(u.token, { ...order, period: 60 })).json().code).toBe(0);
    clock.advance(15_000);
    const open = (
      await t.app.inject({
        url: '/api/v1/user/newOrderList',
        headers: { authorization: `Bearer ${u.token}` },
      })
    ).json().data.items;
    expect(open).toHaveLength(3);
    expect(open[0]).toMatchObject({
      secondsRemaining: 45,
      period: 60,
      payoutRate: '0.82',
      direction: 'up',
      name: 'Bitcoin',
    });
    clock.advance(46_000);
    await tick('BTC/USDT', 9_700_100n);
    expect(await t.app.services.trading.settleDue()).toBe(3);
    const page1 = (
      await t.app.inject({
        url: '/api/v1/user/orderList?limit=2',
        headers: { authorization: `Bearer ${u.token}` },
      })
    ).json().data;
    expect(page1.items).toHaveLength(2);
    const page2 = (
      await t.app.inject({
        url: `/api/v1/user/orderList?limit=2&cursor=${page1.nextCursor}`,
        headers: { authorization: `Bearer ${u.token}` },
      })
    ).json().data;
    expect(page2).toMatchObject({ nextCursor: null });
    expect(page2.items).toHaveLength(1);
  });

  it('replays a buy sent twice with one key (even at once) as one order', async () => {
    const u = await trader();
    await tick('BTC/USDT', 9_700_000n);
    const key = 'same-key-12345678';
    const answers = await Promise.all(Array.from({ length: 8 }, () => buy(u.token, order, key)));
    const first = answers[0]?.json().data;
    for (const answer of answers) expect(answer.json().data).toEqual(first);
    expect(await balance(u.token)).toMatchObject({
      available: '900.00',
      frozen: { inOrder: '100.00' },
    });
    expect((await buy(u.token, { ...order, amount: '200.00' }, key)).json().code).toBe(1007);
    // Once settled, a replay still answers with the order as it was accepted, and moves nothing.
    clock.advance(31_000);
    await tick('BTC/USDT', 9_700_100n);
    expect(await t.app.services.trading.settleDue()).toBe(1);
    const settledBalance = await balance(u.token);
    const late = await buy(u.token, order, key);
    expect(late.json()).toMatchObject({ code: 0, data: first });
    expect(await balance(u.token)).toEqual(settledBalance);
    // A record written before migration 0013 holds the accepted order itself: it replays alike.
    await t.database.db.execute(
      sql`update idempotency_record r
             set response = to_jsonb(o) || jsonb_build_object(
               'status', 'open', 'exit_tick_id', null, 'exit_price_minor', null,
               'exit_time_ms', null, 'payout_minor', null, 'settled_at_ms', null,
               'settle_journal_id', null)
            from trade_order o
           where r.user_id = ${u.id} and r.key = ${key} and o.user_id = r.user_id`,
    );
    expect((await buy(u.token, order, key)).json()).toMatchObject({ code: 0, data: first });
    expect(await balance(u.token)).toEqual(settledBalance);
  });

  it('takes only the concurrent buys the balance covers', async () => {
    const u = await trader(1_000_00n);
    await tick('BTC/USDT', 9_700_000n);
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(u.token, order)));
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(10); // 10 × 100.00 = 1000.00
    expect(codes.filter((c) => c === 3001)).toHaveLength(40);
    expect(await balance(u.token)).toMatchObject({
      available: '0.00',
      frozen: { inOrder: '1000.00' },
    });
  });

  it('gives a receipt whose ticks and chain head verify, to the owner only', async () => {
    const u = await trader();
    const other = await trader(0n);
    await tick('BTC/USDT', 9_700_000n);
    const placed = (await buy(u.token, order)).json().data;
    clock.advance(20_000);
    await tick('BTC/USDT', 9_700_500n);
    clock.advance(10_001);
    await tick('BTC/USDT', 9_700_900n);
    await t.app.services.trading.settleDue();
    clock.advance(60_000);
    await t.app.services.market.publishHeads(nowMs());
    const receipt = (
      await t.app.inject({
        url: `/api/v1/user/orderReceipt?id=${placed.id}`,
        headers: { authorization: `Bearer ${u.token}` },
      })
    ).json().data;
    expect(receipt.order).toMatchObject({
      status: 'won',
      strikePrice: '97000.00',
      exitPrice: '97005.00',
    });
    expect(receipt.strikeTick).toMatchObject({ price: '97000.00' });
    expect(receipt.exitTick).toMatchObject({ price: '97005.00' });
    expect(receipt.head).not.toBeNull();
    expect(receipt.verification).toMatchObject({ ok: true });
    const foreign = await t.app.inject({
      url: `/api/v1/user/orderReceipt?id=${placed.id}&lang=en-US`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.json()).toMatchObject({ code: 4007, msg: 'The order does not exist' });
  });

  it('keeps the ledger balanced with no negative balance', async () => {
    const report = await reconcile(t.database.db);
    expect(report.ok).toBe(true);
  });
});

describe('responsible trading limits', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  /** A user signed up through the API, credited from house equity; their id and auth header. */
  async function signedUpTrader(username: string) {
    const { id, token } = await signUpThroughApi(t.app, t.database.db, username);
    return { id, auth: { authorization: `Bearer ${token}` } };
  }

  it('refuses orders beyond the daily count and the worst-case daily loss, until the next day', async () => {
    const { id, auth } = await signedUpTrader('careful1');
    await creditFromEquity(t.database.db, id, 'money', 10_000_00n);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/tradeLimits',
      headers: auth,
      payload: { dailyLossMoney: '250.00', dailyTrades: '3', reminderMinutes: '30', tz: '480' },
    });
    expect(set.json().data).toMatchObject({
      dailyLossMoney: '250.00',
      dailyLossUsdt: null,
      dailyTrades: 3,
      reminderMinutes: 30,
      tz: 480,
    });
    await t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), 9_700_000n, 2);
    let n = 0;
    const buy = (amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/buy?lang=en-US',
        headers: { ...auth, 'idempotency-key': `limits-${++n}-xxxxxxxx` },
        payload: { symbol: 'BTC/USDT', direction: 'up', amount, currency: 'money', period: 30 },
      });
    // Worst case: 100 + 100 open = 200 ≤ 250; a third 100 would make 300 > 250.
    expect((await buy('100.00')).json().code).toBe(0);
    expect((await buy('100.00')).json().code).toBe(0);
    expect((await buy('100.00')).json()).toMatchObject({
      code: 4008,
      msg: 'You have reached the daily loss limit you set. Trading resumes tomorrow',
    });
    expect((await buy('50.00')).json().code).toBe(0); // 250 ≤ 250
    expect((await buy('10.00')).json().code).toBe(4009); // the fourth order of the day
    const view = (await t.app.inject({ url: '/api/v1/user/tradeLimits', headers: auth })).json();
    expect(view.data.today).toMatchObject({ orders: 3, open: { money: '250.00' } });
    // The next day (UTC+8) starts at 16:00 UTC.
    clock.advance(8 * 3_600_000);
    await t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), 9_700_000n, 2);
    await t.app.services.trading.settleDue();
    expect((await buy('100.00')).json().code).toBe(0);
    // Limits can be removed.
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/tradeLimits',
      headers: auth,
      payload: { dailyLossMoney: '', dailyTrades: '', reminderMinutes: '' },
    });
    expect(cleared.json().data).toMatchObject({ dailyLossMoney: null, dailyTrades: null });
  });

  it("counts the day's settled losses with its open stakes, per currency", async () => {
    const { id, auth } = await signedUpTrader('careful2');
    await creditFromEquity(t.database.db, id, 'usdt', 1_000_000000n);
    await creditFromEquity(t.database.db, id, 'money', 1_000_00n);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/tradeLimits',
      headers: auth,
      payload: { dailyLossUsdt: '150', tz: '0' },
    });
    let n = 0;
    const buy = (amount: string, currency: 'usdt' | 'money') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/buy',
        headers: { ...auth, 'idempotency-key': `limits2-${++n}-xxxxxxxx` },
        payload: { symbol: 'BTC/USDT', direction: 'up', amount, currency, period: 30 },
      });
    await t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), 9_700_000n, 2);
    expect((await buy('100', 'usdt')).json().code).toBe(0);
    clock.advance(20_000);
    await t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), 9_690_000n, 2);
    clock.advance(11_000); // past expiry, and a later tick makes the exit final
    await t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), 9_690_000n, 2);
    await t.app.services.trading.settleDue(); // up, and the price fell: lost 100 (net below)
    // Worst case: 100 lost + 60 = 160 > 150; 100 lost + 50 = 150 ≤ 150.
    expect((await buy('60', 'usdt')).json().code).toBe(4008);
    expect((await buy('50', 'usdt')).json().code).toBe(0);
    // Now 100 lost + 50 open: no USDT order fits, and CNY has no limit.
    expect((await buy('1', 'usdt')).json().code).toBe(4008);
    expect((await buy('100.00', 'money')).json().code).toBe(0);
    const view = (await t.app.inject({ url: '/api/v1/user/tradeLimits', headers: auth })).json();
    expect(view.data.today).toMatchObject({
      orders: 3,
      net: { usdt: '-100.000000', money: '0.00' },
      open: { usdt: '50.000000', money: '100.00' },
    });
  });
});

describe('trading pushes on the private channels', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('sends the order and the balance it left when an order is placed and when it settles', async () => {
    const { id, token } = await signUpThroughApi(t.app, t.database.db, 'pushed1');
    await creditFromEquity(t.database.db, id, 'money', 1_000_00n);
    const port = (t.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws?uid=1&timestamp=1&token=${token}`);
    const messages: { ch?: string; event?: string; data?: Record<string, unknown> }[] = [];
    ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ event: 'sub', data: { ch: 'orders' } }));
    ws.send(JSON.stringify({ event: 'sub', data: { ch: 'balance' } }));
    ws.send(JSON.stringify({ event: 'heart' }));
    const until = async (check: () => boolean) => {
      const end = Date.now() + 5_000;
      while (!check()) {
        if (Date.now() > end) throw new Error(JSON.stringify(messages));
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => messages.some((m) => m.event === 'ping'));

    const at = () => clock.now().getTime();
    await t.app.services.market.recordTick('BTC/USDT', at(), 9_700_000n, 2);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'push-test-000001' },
      payload: {
        symbol: 'BTC/USDT',
        direction: 'down',
        amount: '100.00',
        currency: 'money',
        period: 30,
      },
    });
    expect(placed.json().code).toBe(0);
    await until(() => messages.filter((m) => m.ch === 'balance').length >= 1);
    expect(messages).toContainEqual({
      ch: 'orders',
      data: expect.objectContaining({ status: 'open' }),
    });
    expect(messages).toContainEqual({
      ch: 'balance',
      data: { currency: 'money', available: '900.00', inOrder: '100.00' },
    });

    clock.advance(20_000);
    await t.app.services.market.recordTick('BTC/USDT', at(), 9_600_000n, 2);
    clock.advance(10_001);
    await t.app.services.market.recordTick('BTC/USDT', at(), 9_650_000n, 2);
    await t.app.services.trading.settleDue();
    await until(() => messages.filter((m) => m.ch === 'balance').length >= 2);
    // down and the exit (96000.00) is below the strike: 100.00 × 1.80 = 180.00 back.
    expect(messages).toContainEqual({
      ch: 'orders',
      data: expect.objectContaining({ status: 'won', payout: '180.00' }),
    });
    expect(messages.filter((m) => m.ch === 'balance').at(-1)).toEqual({
      ch: 'balance',
      data: { currency: 'money', available: '1080.00', inOrder: '0.00' },
    });
    ws.close();
  });
});

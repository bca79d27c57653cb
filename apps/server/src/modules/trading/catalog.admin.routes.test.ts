import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { SERVER_MESSAGES } from '../../i18n/index.js';
import { creditFromEquity, signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { CATALOG_TTL_MS, createCatalog } from './catalog.js';

interface AuditRow {
  action: string;
  subject: string;
  detail: { before: unknown; after: unknown };
}

describe('products and periods in the staff API', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  const nowMs = () => clock.now().getTime();
  let risk: StaffClient;
  let support: StaffClient;
  let finance: StaffClient;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    risk = await signInStaff(t.app, 'rita', 'risk', clock.now);
    support = await signInStaff(t.app, 'sam', 'support', clock.now);
    finance = await signInStaff(t.app, 'fiona', 'finance', clock.now);
  });
  afterAll(() => t.close());

  const en = SERVER_MESSAGES['en-US'];
  const tick = (symbol: string, price: bigint) =>
    t.app.services.market.recordTick(symbol, nowMs(), price, 2);

  async function trader() {
    const { id, token } = await signUpThroughApi(t.app, t.database.db, `catalog${++seq}`);
    await creditFromEquity(t.database.db, id, 'money', 10_000_00n);
    return token;
  }

  const buy = (token: string, body: Record<string, string | number>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy?lang=en-US',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `k-${++seq}-xxxxxxxxxx` },
      payload: body,
    });
  const order = {
    symbol: 'BTC/USDT',
    direction: 'up',
    amount: '100.00',
    currency: 'money',
    period: 30,
  };

  const auditSince = async (afterId: string) =>
    queryRows<AuditRow>(
      t.database.db,
      sql`select action, subject, detail from audit_log where id > ${afterId}::bigint order by id`,
    );
  const lastAuditId = async () =>
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select coalesce(max(id), 0)::text as id from audit_log`,
      )
    )[0]?.id ?? '0';

  const limits = {
    money: { min: '10.00', max: '50000.00' },
    usdt: { min: '1.000000', max: '10000.000000' },
  };
  const period = (over: Record<string, unknown> = {}) => ({
    symbol: 'BTC/USDT',
    seconds: 30,
    payoutRate: '0.8',
    enabled: true,
    limits,
    ...over,
  });
  const changePeriod = (payload: object, who = risk) =>
    who.call({ method: 'POST', url: 'settings/periods?lang=en-US', payload });
  const changeProduct = (payload: object, who = risk) =>
    who.call({ method: 'POST', url: 'settings/products?lang=en-US', payload });

  it('lists every product in sort order with every period (settings.read)', async () => {
    const res = (await support.call({ url: 'settings/products?lang=de&_t=1' })).json();
    expect(res.code).toBe(0);
    expect(res.data.items.length).toBeGreaterThanOrEqual(8);
    const btc = res.data.items.find((p: { symbol: string }) => p.symbol === 'BTC/USDT');
    expect(btc).toMatchObject({ tradingState: 'open', category: 'crypto', priceScale: 2 });
    expect(btc.periods.map((p: { seconds: number }) => p.seconds)).toEqual([30, 60, 120, 300, 600]);
    expect(btc.periods[0]).toEqual({ seconds: 30, payoutRate: '0.8', enabled: true, limits });
    expect((await finance.call({ url: 'settings/products' })).json().code).toBe(0);
  });

  it('closes a product for new orders at once, and opens it again, one audit entry each', async () => {
    const token = await trader();
    await tick('XAU/USD', 265_000n);
    const before = await lastAuditId();
    const closed = await changeProduct({ symbol: 'XAU/USD', tradingState: 'closed', sortOrder: 3 });
    expect(closed.json()).toMatchObject({
      code: 0,
      data: { symbol: 'XAU/USD', tradingState: 'closed', sortOrder: 3 },
    });
    expect((await buy(token, { ...order, symbol: 'XAU/USD' })).json()).toMatchObject({
      code: 4003,
    });
    const products = (await t.app.inject({ url: '/api/v1/market/products' })).json().data.items;
    expect(products.find((p: { symbol: string }) => p.symbol === 'XAU/USD').state).toBe('closed');

    await changeProduct({ symbol: 'XAU/USD', tradingState: 'open', sortOrder: -1 });
    expect((await buy(token, { ...order, symbol: 'XAU/USD' })).json()).toMatchObject({ code: 0 });
    const list = (await support.call({ url: 'settings/products' })).json().data.items;
    expect(list[0].symbol).toBe('XAU/USD'); // sort order -1 comes first

    const entries = await auditSince(before);
    expect(entries).toEqual([
      {
        action: 'product.changed',
        subject: 'product:XAU/USD',
        detail: expect.objectContaining({
          before: { tradingState: 'open', sortOrder: expect.any(Number) },
          after: { tradingState: 'closed', sortOrder: 3 },
        }),
      },
      {
        action: 'product.changed',
        subject: 'product:XAU/USD',
        detail: expect.objectContaining({
          before: { tradingState: 'closed', sortOrder: 3 },
          after: { tradingState: 'open', sortOrder: -1 },
        }),
      },
    ]);
  });

  it('applies a new payout rate and limits to new orders only: placed orders keep their terms', async () => {
    const token = await trader();
    await tick('BTC/USDT', 9_700_000n);
    const first = (await buy(token, order)).json();
    expect(first).toMatchObject({ code: 0, data: { payoutRate: '0.8' } });

    const before = await lastAuditId();
    const newLimits = { money: { min: '20.00', max: '300' }, usdt: { min: '2', max: '50.5' } };
    const res = await changePeriod(period({ payoutRate: '0.9', limits: newLimits }));
    expect(res.json().code).toBe(0);
    expect(res.json().data.periods[0]).toEqual({
      seconds: 30,
      payoutRate: '0.9',
      enabled: true,
      limits: {
        money: { min: '20.00', max: '300.00' },
        usdt: { min: '2.000000', max: '50.500000' },
      },
    });
    const entries = await auditSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'period.changed',
      subject: 'period:BTC/USDT:30',
      detail: {
        before: { payoutRate: '0.8', limits: { money: { min: '10.00', max: '50000.00' } } },
        after: { payoutRate: '0.9', limits: { money: { min: '20.00', max: '300.00' } } },
      },
    });

    // The public terms and the next order follow at once on this process.
    const periods = (await t.app.inject({ url: '/api/v1/trade/periods?symbol=BTC/USDT' })).json();
    expect(periods.data.items[0]).toMatchObject({ payoutRate: '0.9' });
    expect((await buy(token, { ...order, amount: '300.01' })).json()).toMatchObject({
      code: 4005,
    });
    const second = (await buy(token, order)).json();
    expect(second).toMatchObject({ code: 0, data: { payoutRate: '0.9' } });

    // Both win: each is paid at its own rate.
    clock.advance(10_000);
    await tick('BTC/USDT', 9_800_000n);
    clock.advance(20_001);
    await tick('BTC/USDT', 9_800_100n);
    await t.app.services.trading.settleDue();
    const settled = await queryRows<{ id: string; payout_bps: number; payout_minor: string }>(
      t.database.db,
      sql`select id::text, payout_bps, payout_minor::text from trade_order
           where id in (${BigInt(first.data.id)}, ${BigInt(second.data.id)}) order by id`,
    );
    // 100.00 × (1 + 0.80) = 180.00; 100.00 × (1 + 0.90) = 190.00
    expect(settled).toEqual([
      { id: first.data.id, payout_bps: 8000, payout_minor: '18000' },
      { id: second.data.id, payout_bps: 9000, payout_minor: '19000' },
    ]);
    await changePeriod(period());
  });

  it('disables a period (no new orders) and enables it again', async () => {
    const token = await trader();
    await tick('BTC/USDT', 9_700_000n);
    const off = await changePeriod(period({ seconds: 60, payoutRate: '0.82', enabled: false }));
    expect(off.json().data.periods[1]).toMatchObject({ seconds: 60, enabled: false });
    expect((await buy(token, { ...order, period: 60 })).json()).toMatchObject({ code: 4004 });
    const offered = (await t.app.inject({ url: '/api/v1/trade/periods?symbol=BTC/USDT' })).json();
    expect(offered.data.items.map((p: { seconds: number }) => p.seconds)).toEqual([
      30, 120, 300, 600,
    ]);
    await changePeriod(period({ seconds: 60, payoutRate: '0.82' }));
    expect((await buy(token, { ...order, period: 60 })).json()).toMatchObject({ code: 0 });
  });

  it('refuses rates outside (0, 1], limits out of scale or order, and unknown periods', async () => {
    const v = en.validation;
    const before = await lastAuditId();
    const cases: [object, string, string][] = [
      [period({ payoutRate: '1.5' }), 'payoutRate', v.payout_rate],
      [period({ payoutRate: '0' }), 'payoutRate', v.payout_rate],
      [period({ payoutRate: '0.0000' }), 'payoutRate', v.payout_rate],
      [period({ payoutRate: '0.00005' }), 'payoutRate', v.payout_rate],
      [period({ payoutRate: '1.0001' }), 'payoutRate', v.payout_rate],
      [period({ payoutRate: 0.8 }), 'payoutRate', v.payout_rate],
      [
        period({ limits: { ...limits, money: { min: '10.001', max: '20' } } }),
        'limits.money.min',
        v.stake_limit,
      ],
      [
        period({ limits: { ...limits, usdt: { min: '1', max: '2.0000001' } } }),
        'limits.usdt.max',
        v.stake_limit,
      ],
      [
        period({ limits: { ...limits, money: { min: '0', max: '20' } } }),
        'limits.money.min',
        v.stake_limit,
      ],
      [
        period({ limits: { ...limits, money: { min: '30', max: '20' } } }),
        'limits.money.min',
        v.min_above_max,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const body = (await changePeriod(payload)).json();
      expect(body.code, JSON.stringify(payload)).toBe(1000);
      expect(body.data.issues[0]).toEqual({ field, msg: message.replace('{{field}}', field) });
    }
    expect((await changePeriod(period({ seconds: 45 }))).json()).toMatchObject({
      code: 4004,
      msg: en.errors.period_invalid,
    });
    expect((await changePeriod(period({ symbol: 'NOPE/USDT' }))).json()).toMatchObject({
      code: 4001,
    });
    expect(
      (await changeProduct({ symbol: 'NOPE/USDT', tradingState: 'open', sortOrder: 1 })).json(),
    ).toMatchObject({ code: 4001 });
    expect(
      (await changeProduct({ symbol: 'BTC/USDT', tradingState: 'paused', sortOrder: 1 })).json(),
    ).toMatchObject({ code: 1000 });
    expect(await auditSince(before)).toEqual([]);
  });

  it('lets only settings.products change products and periods', async () => {
    for (const who of [finance, support]) {
      expect((await changePeriod(period(), who)).statusCode).toBe(403);
      const res = await changeProduct(
        { symbol: 'BTC/USDT', tradingState: 'closed', sortOrder: 0 },
        who,
      );
      expect(res.statusCode).toBe(403);
    }
    const list = (await support.call({ url: 'settings/products' })).json().data.items;
    expect(list.find((p: { symbol: string }) => p.symbol === 'BTC/USDT').tradingState).toBe('open');
  });

  it('reaches another process within CATALOG_TTL_MS, counted from when its read began', async () => {
    let wall = 5_000_000;
    // Another node's catalog: its own copy, its own clock.
    const other = createCatalog(t.database.db, t.app.services.market, () => wall);
    const rateOf = async () =>
      (await other.load()).periods.get('BTC/USDT')?.find((p) => p.seconds === 120)?.payoutBps;
    expect(await rateOf()).toBe(8500);
    await changePeriod(period({ seconds: 120, payoutRate: '0.87' }));
    wall += CATALOG_TTL_MS - 1;
    expect(await rateOf()).toBe(8500);
    wall += 1;
    expect(await rateOf()).toBe(8700);
    await changeProduct({ symbol: 'SOL/USDT', tradingState: 'closed', sortOrder: 2 });
    wall += CATALOG_TTL_MS;
    const sol = (await other.load()).products.find((p) => p.symbol === 'SOL/USDT');
    expect(sol?.tradingState).toBe('closed');
  });
});

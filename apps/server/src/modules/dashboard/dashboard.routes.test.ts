import {
  formatAmount,
  parseAmountOrThrow,
  type CurrencyKey,
  type Direction,
} from '@ampere/contract';
import { dashboardSchema, ROLE_KEYS, type Dashboard } from '@ampere/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, staffUrl, type StaffClient } from '../../test/staff.js';
import { reconcileJob } from '../ledger/reconcile.job.js';
import { decide } from '../trading/rules.js';

describe('the dashboard', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  let auditor: StaffClient;
  let risk: StaffClient;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    auditor = await signInStaff(t.app, 'audrey', 'auditor', clock.now);
    risk = await signInStaff(t.app, 'rita', 'risk', clock.now);
  });
  afterAll(() => t.close());

  const dashboard = async (): Promise<Dashboard> => {
    const res = await auditor.call({ url: 'dashboard?lang=en-US&_t=1' });
    expect(res.json().code, res.body).toBe(0);
    return dashboardSchema.parse(res.json().data);
  };

  /** Credits a user through the app's own ledger (its clock), as an operator adjustment does. */
  const credit = (userId: bigint, currency: CurrencyKey, amount: string) =>
    t.database.db.transaction((tx) =>
      t.app.services.ledger.post(tx, {
        kind: 'adjustment_credit',
        actor: 'test:setup',
        userId,
        postings: [
          {
            account: { userId, currency, purpose: 'available' },
            amountMinor: parseAmountOrThrow(amount, currency),
          },
          {
            account: { system: 'house_equity', currency },
            amountMinor: -parseAmountOrThrow(amount, currency),
          },
        ],
      }),
    );

  const zero = [
    { currency: 'money', count: 0, amount: '0.00' },
    { currency: 'usdt', count: 0, amount: '0.000000' },
  ];

  it('says what there is and nothing more on a fresh server', async () => {
    const d = await dashboard();
    // The queues of work for staff (adjustments; funding's recharges to confirm, withdrawals to
    // approve and to pay; real-name cases): empty, with no oldest item.
    expect(d.queues).toEqual([
      { name: 'adjustments', count: 0, oldestAt: null },
      { name: 'funding.recharges', count: 0, oldestAt: null },
      { name: 'funding.withdrawals', count: 0, oldestAt: null },
      { name: 'funding.payouts', count: 0, oldestAt: null },
      { name: 'kyc', count: 0, oldestAt: null },
    ]);
    expect(d.today).toEqual({
      from: '2026-11-21T00:00:00.000Z',
      to: '2026-11-21T08:00:00.000Z',
      deposits: zero,
      withdrawals: zero,
      trading: zero,
      journals: [],
    });
    expect(d.exposure).toEqual([]);
    expect(d.reconciliation).toBeNull();
    expect(d.feed.configured).toEqual({ feed: 'simulated', publishes: true });
    expect(d.feed.leader).toBeNull();
    expect(d.feed.products.find((p) => p.symbol === 'BTC/USDT')).toEqual({
      symbol: 'BTC/USDT',
      tradingState: 'open',
      state: 'paused',
      lastTickAt: null,
    });
  });

  it('sums today’s journals per kind and the open orders’ stakes and payouts as the rule pays them', async () => {
    const { id, token } = await signUpThroughApi(t.app, t.database.db, 'dora');
    await credit(id, 'money', '1000.00');
    await credit(id, 'usdt', '100');
    // Small stakes at 50 %, where rounding half to even shows: 0.005 → 0.00, 0.015 → 0.02.
    const periodChange = await risk.call({
      method: 'POST',
      url: 'settings/periods',
      payload: {
        symbol: 'BTC/USDT',
        seconds: 60,
        payoutRate: '0.5',
        enabled: true,
        limits: { money: { min: '0.01', max: '500' }, usdt: { min: '1', max: '100' } },
      },
    });
    expect(periodChange.json().code).toBe(0);
    await t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), 9_700_000n, 2);
    await t.app.services.market.recordTick('ETH/USDT', clock.now().getTime(), 340_000n, 2);

    const orders: [string, Direction, string, CurrencyKey, number][] = [
      ['BTC/USDT', 'up', '100.00', 'money', 30],
      ['BTC/USDT', 'up', '0.01', 'money', 60],
      ['BTC/USDT', 'up', '0.03', 'money', 60],
      ['BTC/USDT', 'down', '0.05', 'money', 60],
      ['ETH/USDT', 'down', '2.5', 'usdt', 30],
    ];
    const placed: {
      symbol: string;
      direction: Direction;
      currency: CurrencyKey;
      stake: bigint;
      bps: number;
    }[] = [];
    for (const [i, [symbol, direction, amount, currency, period]] of orders.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/buy',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': `dash-${i}-abcdefgh` },
        payload: { symbol, direction, amount, currency, period },
      });
      expect(res.json().code, res.body).toBe(0);
      const rate = res.json().data.payoutRate as string;
      placed.push({
        symbol,
        direction,
        currency,
        stake: parseAmountOrThrow(amount, currency),
        bps: Math.round(Number(rate) * 10_000),
      });
    }

    // What each group would pay if every order in it won, by the rule itself.
    const expected = new Map<string, { orders: number; stake: bigint; payout: bigint }>();
    for (const o of placed) {
      const key = `${o.symbol}|${o.direction}|${o.currency}`;
      const won = decide(o.direction, 100n, o.direction === 'up' ? 101n : 99n, o.stake, o.bps);
      expect(won.status).toBe('won');
      const sum = expected.get(key) ?? { orders: 0, stake: 0n, payout: 0n };
      expected.set(key, {
        orders: sum.orders + 1,
        stake: sum.stake + o.stake,
        payout: sum.payout + won.payoutMinor,
      });
    }
    const d = await dashboard();
    expect(d.exposure).toEqual(
      [...expected]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, sum]) => {
          const [symbol, direction, currency] = key.split('|') as [string, Direction, CurrencyKey];
          return {
            symbol,
            direction,
            currency,
            orders: sum.orders,
            stake: formatAmount(sum.stake, currency),
            payoutIfWon: formatAmount(sum.payout, currency),
          };
        }),
    );
    // Written out: 100.00 × 1.8 = 180.00; 0.01 + 0.005 → 0.01; 0.03 + 0.015 → 0.05 (half to even)
    expect(d.exposure.find((e) => e.symbol === 'BTC/USDT' && e.direction === 'up')).toMatchObject({
      orders: 3,
      stake: '100.04',
      payoutIfWon: '180.06',
    });
    // 0.05 + 0.025 → 0.07 (half to even); 2.5 × 1.8 = 4.5 USDT
    expect(d.exposure.find((e) => e.direction === 'down' && e.currency === 'money')).toMatchObject({
      stake: '0.05',
      payoutIfWon: '0.07',
    });
    expect(d.exposure.find((e) => e.currency === 'usdt')?.payoutIfWon).toBe('4.500000');

    expect(d.today.trading).toEqual([
      { currency: 'money', count: 4, amount: '100.09' },
      { currency: 'usdt', count: 1, amount: '2.500000' },
    ]);
    expect(d.today.deposits).toEqual(zero);
    expect(d.today.withdrawals).toEqual(zero);
    expect(d.today.journals).toEqual([
      { kind: 'adjustment_credit', currency: 'money', count: 1, amount: '1000.00' },
      { kind: 'adjustment_credit', currency: 'usdt', count: 1, amount: '100.000000' },
      { kind: 'trade_open', currency: 'money', count: 4, amount: '100.09' },
      { kind: 'trade_open', currency: 'usdt', count: 1, amount: '2.500000' },
    ]);

    // Settled orders leave the exposure; their journals join today's.
    clock.advance(20_000); // inside the 30 s orders' window: ETH down, BTC back at the strike
    await t.app.services.market.recordTick('ETH/USDT', clock.now().getTime(), 339_000n, 2);
    await t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), 9_700_000n, 2);
    clock.advance(11_000); // after their expiry: their exits can no longer change
    await t.app.services.market.recordTick('ETH/USDT', clock.now().getTime(), 339_500n, 2);
    await t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), 9_700_100n, 2);
    expect(await t.app.services.trading.settleDue()).toBe(2);
    const after = await dashboard();
    expect(after.exposure.map((e) => [e.symbol, e.direction, e.orders])).toEqual([
      ['BTC/USDT', 'down', 1],
      ['BTC/USDT', 'up', 2],
    ]);
    expect(after.today.journals).toEqual(
      expect.arrayContaining([
        // ETH down won: 2.5 × 1.8 = 4.5 back (2.5 stake + 2 profit); BTC up 100.00 tied: 100.00 back
        { kind: 'trade_win', currency: 'usdt', count: 1, amount: '4.500000' },
        { kind: 'trade_refund', currency: 'money', count: 1, amount: '100.00' },
      ]),
    );
  });

  it('counts only the current UTC day', async () => {
    clock.advance(16 * 3_600_000); // 2026-11-22, 00:00:31
    auditor = await signInStaff(t.app, 'audrey2', 'auditor', clock.now); // sessions end in 12 h
    const d = await dashboard();
    expect(d.today.from).toBe('2026-11-22T00:00:00.000Z');
    expect(d.today.trading).toEqual(zero);
    expect(d.today.journals).toEqual([]);
    expect(d.exposure.length).toBe(2); // still open, whatever the day
  });

  it('shows the last reconciliation, as the job recorded it', async () => {
    await reconcileJob(t.database.db, 600_000).run();
    const d = await dashboard();
    expect(d.reconciliation).toMatchObject({
      ok: true,
      totals: [
        { currency: 'money', total: '0.00' },
        { currency: 'usdt', total: '0.000000' },
      ],
      unbalancedJournals: 0,
      balanceMismatches: 0,
      negativeBalances: 0,
    });
  });

  it('shows which node publishes prices and whether it still says so', async () => {
    const electedAt = clock.now();
    await t.app.services.market.recordFeedLeader({
      node: 'feed-1:4242',
      feed: 'exchange',
      electedAt,
      seenAt: clock.now(),
    });
    expect((await dashboard()).feed.leader).toEqual({
      node: 'feed-1:4242',
      feed: 'exchange',
      electedAt: electedAt.toISOString(),
      seenAt: electedAt.toISOString(),
      alive: true,
    });
    clock.advance(15_001);
    expect((await dashboard()).feed.leader?.alive).toBe(false);
  });

  it('opens to every role (dashboard.read), and to no one signed out', async () => {
    for (const role of ROLE_KEYS) {
      const member = await signInStaff(t.app, `dash${role}`, role, clock.now);
      expect((await member.call({ url: 'dashboard' })).json().code, role).toBe(0);
    }
    const anonymous = await t.app.inject({ url: staffUrl('dashboard') });
    expect(anonymous.statusCode).toBe(401);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { creditFromEquity, signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff } from '../../test/staff.js';
import { reconcile } from '../ledger/reconcile.js';

/**
 * docs/trading-rules.md: the rule is the only thing that decides an outcome — nothing in the
 * back office, the configuration or the database can. Here the same orders are placed and the
 * same ticks published twice on fresh servers; in the second, while the orders are open, staff
 * change every setting the back office has: every period's rate, limits and availability, every
 * product's state and place, the member levels, the funding switches. Outcomes, exits and
 * payouts must be the same, to the minor unit.
 */

const T0 = new Date('2026-11-21T08:00:00Z');

interface Placed {
  who: 'a' | 'b';
  symbol: string;
  direction: 'up' | 'down';
  amount: string;
  currency: 'money' | 'usdt';
  period: number;
}

const ORDERS: Placed[] = [
  {
    who: 'a',
    symbol: 'BTC/USDT',
    direction: 'up',
    amount: '100.00',
    currency: 'money',
    period: 30,
  },
  {
    who: 'a',
    symbol: 'BTC/USDT',
    direction: 'down',
    amount: '150.00',
    currency: 'money',
    period: 30,
  },
  { who: 'b', symbol: 'BTC/USDT', direction: 'up', amount: '10.5', currency: 'usdt', period: 60 },
  {
    who: 'a',
    symbol: 'ETH/USDT',
    direction: 'up',
    amount: '200.00',
    currency: 'money',
    period: 30,
  },
  {
    who: 'b',
    symbol: 'ETH/USDT',
    direction: 'down',
    amount: '3.333333',
    currency: 'usdt',
    period: 30,
  },
  { who: 'a', symbol: 'XAU/USD', direction: 'up', amount: '99.99', currency: 'money', period: 60 },
  { who: 'b', symbol: 'XAU/USD', direction: 'down', amount: '1', currency: 'usdt', period: 120 },
];

/** Ticks after the orders are placed: [ms after T0, symbol, price at scale 2]. */
const TICKS: [number, string, bigint][] = [
  [10_000, 'BTC/USDT', 9_710_000n],
  [10_000, 'ETH/USDT', 340_050n],
  [20_000, 'ETH/USDT', 340_000n], // ETH's exit at 30 s: the strike again, a tie
  [29_000, 'BTC/USDT', 9_695_000n], // BTC's exit at 30 s: below the strike
  [31_000, 'BTC/USDT', 9_700_010n],
  [31_000, 'ETH/USDT', 340_100n],
  [45_000, 'BTC/USDT', 9_720_000n], // BTC's exit at 60 s: above the strike
  [61_000, 'BTC/USDT', 9_730_000n],
  // XAU/USD: no tick after the strike at all, so its orders are void.
];

type Tamper = (t: TestApp, now: () => Date) => Promise<void>;

/** Every setting the back office has, changed through the staff API as staff would. */
const changeEverything: Tamper = async (t, now) => {
  const risk = await signInStaff(t.app, 'rita', 'risk', now);
  const finance = await signInStaff(t.app, 'fiona', 'finance', now);
  const expect0 = async (res: Promise<{ json(): { code: number } }>) => {
    expect((await res).json().code).toBe(0);
  };
  const products = (await risk.call({ url: 'settings/products' })).json().data.items as {
    symbol: string;
    periods: { seconds: number }[];
  }[];
  for (const [i, p] of products.entries()) {
    for (const period of p.periods) {
      await expect0(
        risk.call({
          method: 'POST',
          url: 'settings/periods',
          payload: {
            symbol: p.symbol,
            seconds: period.seconds,
            payoutRate: '1',
            enabled: false,
            limits: {
              money: { min: '0.01', max: '0.02' },
              usdt: { min: '0.000001', max: '0.000002' },
            },
          },
        }),
      );
    }
    await expect0(
      risk.call({
        method: 'POST',
        url: 'settings/products',
        payload: { symbol: p.symbol, tradingState: 'closed', sortOrder: -i },
      }),
    );
  }
  await expect0(
    risk.call({
      method: 'POST',
      url: 'settings/levels',
      payload: {
        junior: { volume: { money: '0', usdt: '0' }, deposits: { money: '0', usdt: '0' } },
        intermediate: {
          volume: { money: '0.01', usdt: '0.000001' },
          deposits: { money: '0', usdt: '0' },
        },
        premium: {
          volume: { money: '0.02', usdt: '0.000002' },
          deposits: { money: '0', usdt: '0' },
        },
      },
    }),
  );
  for (const kind of ['recharge', 'withdraw']) {
    await expect0(
      finance.call({
        method: 'POST',
        url: `settings/funding/${kind}`,
        payload: { open: false, closeTip: { 'en-US': 'Closed' } },
      }),
    );
  }
};

/** Places ORDERS, publishes TICKS (changing settings meanwhile if asked), settles everything. */
async function play(tamper?: Tamper) {
  const clock = testClock(T0);
  const t = await createTestApp({ now: clock.now });
  try {
    const users = {
      a: await signUpThroughApi(t.app, t.database.db, 'alice'),
      b: await signUpThroughApi(t.app, t.database.db, 'bruno'),
    };
    await creditFromEquity(t.database.db, users.a.id, 'money', 10_000_00n);
    await creditFromEquity(t.database.db, users.b.id, 'usdt', 1_000_000_000n);
    for (const [symbol, price] of [
      ['BTC/USDT', 9_700_000n],
      ['ETH/USDT', 340_000n],
      ['XAU/USD', 265_000n],
    ] as const)
      await t.app.services.market.recordTick(symbol, T0.getTime(), price, 2);

    for (const [i, o] of ORDERS.entries()) {
      const { who, ...body } = o;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/buy',
        headers: {
          authorization: `Bearer ${users[who].token}`,
          'idempotency-key': `order-${i}-abcdefgh`,
        },
        payload: body,
      });
      expect(res.json().code, res.body).toBe(0);
    }
    if (tamper) await tamper(t, clock.now);

    let at = 0;
    for (const [ms, symbol, price] of TICKS) {
      clock.advance(ms - at);
      at = ms;
      await t.app.services.market.recordTick(symbol, T0.getTime() + ms, price, 2);
    }
    clock.advance(130_000 - at);
    while ((await t.app.services.trading.settleDue()) > 0);

    const orders = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select symbol, direction, currency, stake_minor::text, period_seconds, payout_bps,
                 status, strike_price_minor::text, exit_price_minor::text, exit_time_ms::text,
                 payout_minor::text
            from trade_order order by id`,
    );
    const balances = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select a.currency, a.purpose, a.balance_minor::text from ledger_account a
           where a.user_id is not null order by a.user_id, a.currency, a.purpose`,
    );
    const ledger = await t.database.db.transaction((tx) => reconcile(tx));
    return { orders, balances, ledgerOk: ledger.ok };
  } finally {
    await t.close();
  }
}

describe('no setting decides an outcome', () => {
  it('settles the same orders on the same ticks identically, whatever staff change meanwhile', async () => {
    const fresh = await play();
    const tampered = await play(changeEverything);

    expect(tampered).toEqual(fresh);
    expect(fresh.ledgerOk).toBe(true);
    // The scenario reaches every outcome, so the comparison covers each of them.
    expect(fresh.orders.map((o) => o.status)).toEqual([
      'lost', // BTC up, exit 96950.00 < strike 97000.00
      'won', // BTC down: 150.00 × (1 + 0.80) = 270.00
      'won', // BTC up 60 s, exit 97200.00: 10.5 × (1 + 0.82) = 19.11 USDT
      'tie', // ETH exit = strike: 200.00 back
      'tie',
      'void', // XAU: no tick inside the window, stake back
      'void',
    ]);
    expect(fresh.orders.map((o) => o.payout_minor)).toEqual([
      '0',
      '27000',
      '19110000',
      '20000',
      '3333333',
      '9999',
      '1000000',
    ]);
    // Every order kept the rate it was accepted with, though every period pays 1 by then.
    expect(tampered.orders.map((o) => o.payout_bps)).toEqual([
      8000, 8000, 8200, 8000, 8000, 8200, 8500,
    ]);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditFromEquity, signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';

/** The statement the user reads: one line per event, whatever its journal's postings were. */
describe('statement lines (one per event)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  let seq = 0;
  let keySeq = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  const tick = (price: bigint) =>
    t.app.services.market.recordTick('ETH/USDT', clock.now().getTime(), price, 2);
  const get = (url: string, token: string) =>
    t.app.inject({ url: `/api/v1/${url}`, headers: { authorization: `Bearer ${token}` } });

  /** A 100.00 CNY, 30 s trade on ETH/USDT from `strike` to `exit`, settled. */
  async function trade(token: string, direction: 'up' | 'down', strike: bigint, exit: bigint) {
    await tick(strike);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `stmt-${++keySeq}-xxxxxx` },
      payload: { symbol: 'ETH/USDT', direction, amount: '100.00', currency: 'money', period: 30 },
    });
    expect(placed.json().code).toBe(0);
    clock.advance(20_000);
    await tick(exit);
    clock.advance(10_001);
    await tick(exit); // the first tick after expiry lets the order settle on the last one before
    expect(await t.app.services.trading.settleDue()).toBe(1);
    clock.advance(1_000);
  }

  async function trader() {
    const u = await signUpThroughApi(t.app, t.database.db, `stmt${++seq}`);
    await creditFromEquity(t.database.db, u.id, 'money', 1_000_00n);
    clock.advance(1_000);
    return u;
  }

  interface Line {
    kind: string;
    available: string;
    frozen: string;
    availableAfter: string;
    frozenAfter: string;
    balanceAfter: string;
  }
  const cols = (l: Line) => [
    l.kind,
    l.available,
    l.frozen,
    l.availableAfter,
    l.frozenAfter,
    l.balanceAfter,
  ];

  it('shows a won and a lost trade as exactly four lines with running balances', async () => {
    const u = await trader();
    await trade(u.token, 'up', 340_000n, 340_500n); // up and the price rose: won
    await trade(u.token, 'up', 340_000n, 339_500n); // up and the price fell: lost

    const trades = (
      await get('user/financialRecords?kind=trade_open,trade_win,trade_loss', u.token)
    ).json().data;
    expect(trades.nextCursor).toBeNull();
    // Newest first. [kind, available change, frozen change, available after, frozen after, total]
    expect(trades.items.map(cols)).toEqual([
      // the loss: the frozen stake goes to the house; 980.00 + 0.00 = 980.00
      ['trade_loss', '0.00', '-100.00', '980.00', '0.00', '980.00'],
      // second stake: 1080.00 − 100.00 = 980.00 available, 0.00 + 100.00 = 100.00 frozen
      ['trade_open', '-100.00', '100.00', '980.00', '100.00', '1080.00'],
      // the win: stake 100.00 × (1 + 0.80) = 180.00 paid out; 900.00 + 180.00 = 1080.00,
      // and the stake leaves the frozen funds: 100.00 − 100.00 = 0.00
      ['trade_win', '180.00', '-100.00', '1080.00', '0.00', '1080.00'],
      // first stake: 1000.00 − 100.00 = 900.00 available, 100.00 frozen, 1000.00 in all
      ['trade_open', '-100.00', '100.00', '900.00', '100.00', '1000.00'],
    ]);
    expect(trades.items[0]).toMatchObject({ kindLabel: expect.any(String), currency: 'money' });

    // The whole statement is those four and the credit that funded them.
    const all = (await get('user/assetsRecent', u.token)).json().data.items;
    expect(all).toHaveLength(5);
    expect(cols(all[4])).toEqual([
      'adjustment_credit',
      '1000.00',
      '0.00',
      '1000.00',
      '0.00',
      '1000.00',
    ]);
    // Each line's balances are the previous line's plus its own changes (in minor units).
    const minor = (s: string) => BigInt(s.replace('.', ''));
    for (let i = 0; i < all.length - 1; i++) {
      const [line, before] = [all[i] as Line, all[i + 1] as Line];
      expect(minor(before.availableAfter) + minor(line.available)).toBe(minor(line.availableAfter));
      expect(minor(before.frozenAfter) + minor(line.frozen)).toBe(minor(line.frozenAfter));
    }
  });

  it('pages whole events by cursor', async () => {
    const u = await trader();
    await trade(u.token, 'up', 340_000n, 340_500n);
    const first = (await get('user/financialRecords?limit=2', u.token)).json().data;
    expect(first.items.map((l: Line) => l.kind)).toEqual(['trade_win', 'trade_open']);
    const second = (
      await get(`user/financialRecords?limit=2&cursor=${first.nextCursor}`, u.token)
    ).json().data;
    expect(second.items.map((l: Line) => l.kind)).toEqual(['adjustment_credit']);
    expect(second.nextCursor).toBeNull();
  });

  it('exports events by default and the double-entry postings on request', async () => {
    const u = await trader();
    await trade(u.token, 'down', 340_000n, 339_500n); // down and the price fell: won
    const events = (await get('user/financialRecords/export?lang=en-US', u.token)).body
      .trimEnd()
      .split('\r\n');
    expect(events[0]).toBe(
      '\uFEFFTime,Type,Currency,Available change,Frozen change,Available after,Frozen after,Balance after,Reference',
    );
    expect(events).toHaveLength(4); // header, credit, stake, win
    expect(events[1]).toMatch(/,CNY,180\.00,-100\.00,1080\.00,0\.00,1080\.00,order:\d+$/);
    const postings = (
      await get('user/financialRecords/export?lang=en-US&view=postings', u.token)
    ).body
      .trimEnd()
      .split('\r\n');
    // header, credit (1 posting), stake (available and in orders), win (in orders and available)
    expect(postings).toHaveLength(6);
    expect(postings[0]).toBe('\uFEFFTime,Type,Currency,Account,Amount,Balance after,Reference');
    const bad = await get('user/financialRecords/export?view=ledger', u.token);
    expect(bad.json()).toMatchObject({ code: 1000 });
  });
});

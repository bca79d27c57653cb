import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { creditFromEquity, signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { raiseMemberLevels } from './levels.job.js';

describe('member levels from the thresholds', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    // Junior at 150.00 CNY, Intermediate at 250.00, Premium far away.
    await t.app.services.settings.changeLevels(
      { actor: 'ops:test' },
      {
        junior: { money: '150.00', usdt: '1500.000000' },
        intermediate: { money: '250.00', usdt: '15000.000000' },
        premium: { money: '1000000.00', usdt: '150000.000000' },
      },
    );
  });
  afterAll(() => t.close());

  const tick = (price: bigint) =>
    t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), price, 2);
  let keys = 0;
  const buy = (token: string, amount: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `lvl-${++keys}-abcdefgh` },
      payload: { symbol: 'BTC/USDT', direction: 'up', amount, currency: 'money', period: 30 },
    });
  const levelOf = async (id: bigint) =>
    Number(
      (
        await queryRows<{ level: number }>(
          t.database.db,
          sql`select level from app_user where id = ${id}`,
        )
      )[0]?.level,
    );

  it('raises each user to the level their settled stakes reach, and never lowers one', async () => {
    const [trader, small, vip] = await Promise.all([
      signUpThroughApi(t.app, t.database.db, 'leveltrader'),
      signUpThroughApi(t.app, t.database.db, 'levelsmall'),
      signUpThroughApi(t.app, t.database.db, 'levelvip'),
    ]);
    for (const u of [trader, small, vip])
      await creditFromEquity(t.database.db, u.id, 'money', 1_000_00n);
    await t.database.db.execute(sql`update app_user set level = 3 where id = ${vip.id}`);
    await tick(9_700_000n);
    for (const amount of ['100.00', '100.00'])
      expect((await buy(trader.token, amount)).json().code).toBe(0);
    expect((await buy(small.token, '100.00')).json().code).toBe(0);
    expect((await buy(vip.token, '100.00')).json().code).toBe(0);
    // Not settled yet: open stakes do not count.
    expect(await raiseMemberLevels(t.app.services)).toBe(0);
    clock.advance(20_000);
    await tick(9_700_500n); // inside the window: the exit
    clock.advance(10_001);
    await tick(9_700_600n); // after expiry: the exit is final
    await t.app.services.trading.settleDue();

    expect(await raiseMemberLevels(t.app.services)).toBe(1);
    expect(await levelOf(trader.id)).toBe(1); // 200.00 settled: Junior (150), not Intermediate (250)
    expect(await levelOf(small.id)).toBe(0); // 100.00
    expect(await levelOf(vip.id)).toBe(3); // set by staff, above what volume gives: kept
    // Run again: nothing changes.
    expect(await raiseMemberLevels(t.app.services)).toBe(0);
  });
});

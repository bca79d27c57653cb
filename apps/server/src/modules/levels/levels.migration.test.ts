import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { findMigrationsFolder } from '../../db/migrate.js';
import { creditFromEquity } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { creditDeposit } from '../funding/chain/credit.js';
import { detectedDeposit } from '../funding/chain/testing/setup.js';
import {
  data,
  fundingUser,
  newKey,
  receivingAccount,
  staffPost,
  type FundingUser,
} from '../funding/test/api.js';

/** The data statements of the migration that introduced member levels (its DDL aside). */
function backfillStatements(): string[] {
  const file = path.join(findMigrationsFolder(), '0030_member_levels.sql');
  return fs
    .readFileSync(file, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^(UPDATE|INSERT|WITH)\b/m.test(s.replace(/^--.*$/gm, '').trim()));
}

/**
 * The backfill of 0030_member_levels on real data made through the API (settled orders, a void
 * and a practice one, a confirmed recharge, a credited chain deposit, a level staff set), as it
 * stood before the migration: no progress, the thresholds in their old shape, levels as the old
 * job left them. The data statements run again on it; what they write is checked.
 */
describe('the member-levels migration backfills progress, thresholds and floors', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  const nowMs = () => clock.now().getTime();
  let finance: StaffClient;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    finance = await signInStaff(t.app, 'mig-fin', 'finance', clock.now);
  });
  afterAll(() => t.close());

  const user = (name: string) => fundingUser(t.app, t.database.db, `${name}${++seq}`);
  const tick = (price: bigint) => t.app.services.market.recordTick('BTC/USDT', nowMs(), price, 2);
  const buy = (u: FundingUser, amount: string, extra: Record<string, string> = {}) =>
    u.post(
      'user/buy',
      { symbol: 'BTC/USDT', direction: 'up', amount, currency: 'money', period: 30, ...extra },
      newKey(),
    );

  it('writes what happened before it, in the new shape, and lowers nobody', async () => {
    const db = t.database.db;
    const trader = await user('mtrader');
    const vip = await user('mvip');
    const chain = await user('mchain');
    await creditFromEquity(db, trader.id, 'money', 1_000_00n);

    // Trader: 300.00 recharged and confirmed; stakes 100.00 + 50.00 settled with an exit, a
    // practice stake, then a void 70.00 (no price inside its window).
    const accountId = await receivingAccount(finance);
    const made = data<{ id: string }>(
      await trader.post(
        'user/recharge',
        { accountId, amount: '300.00', payerName: 'Alice Li', reference: 'TX-M1' },
        newKey(),
      ),
    );
    data(await staffPost(finance, `funding/recharges/${made.id}/confirm`, {}, newKey()));
    await tick(9_700_000n);
    for (const amount of ['100.00', '50.00'])
      expect((await buy(trader, amount)).json().code).toBe(0);
    expect(
      (await buy(trader, '100.000000', { currency: 'usdt', book: 'practice' })).json().code,
    ).toBe(0);
    clock.advance(20_000);
    await tick(9_700_500n);
    clock.advance(10_001);
    await tick(9_700_600n);
    expect(await t.app.services.trading.settleDue()).toBe(3);
    expect((await buy(trader, '70.00')).json().code).toBe(0);
    clock.advance(30_001);
    await tick(9_700_700n);
    expect(await t.app.services.trading.settleDue()).toBe(1);

    // Chain: 25.5 USDT credited.
    const { id: depositId, deps } = await detectedDeposit(t, {
      userId: chain.id,
      amountMinor: 25_500_000n,
      mark: 'a1',
      now: clock.now,
    });
    expect(await creditDeposit(deps, depositId)).toBe(true);
    const events = await queryRows<{ user_id: string; currency: string; v: string; d: string }>(
      db,
      sql`select user_id::text, currency, volume_minor::text as v, deposits_minor::text as d
            from user_level_progress where user_id in (${trader.id}, ${vip.id}, ${chain.id})
           order by user_id, currency`,
    );

    // Back to before the migration: no progress, no recompute state, the old thresholds' shape
    // (volume only: Junior 150.00 CNY / 10 USDT, Intermediate 250.00 / 20, Premium far), levels
    // as the old job left them — the trader not raised yet, the VIP set to Premium by staff.
    await db.execute(sql`delete from user_level_progress`);
    await db.execute(sql`delete from level_recompute`);
    await db.execute(sql`update app_user set level = 0, level_floor = 0`);
    await db.execute(sql`update app_user set level = 3 where id = ${vip.id}`);
    const old = {
      junior: { money: '150.00', usdt: '10.000000' },
      intermediate: { money: '250.00', usdt: '20.000000' },
      premium: { money: '1000000.00', usdt: '150000.000000' },
    };
    await db.execute(
      sql`insert into system_setting (key, value) values ('memberLevels', ${JSON.stringify(old)}::jsonb)
          on conflict (key) do update set value = excluded.value`,
    );

    for (const statement of backfillStatements()) await db.execute(sql.raw(statement));

    // The same progress the events wrote: the trader traded 100.00 + 50.00 = 150.00 (the void
    // 70.00 and the practice 100 USDT not counted) and deposited 300.00; the chain user
    // deposited 25.5 USDT.
    const backfilled = await queryRows<{ user_id: string; currency: string; v: string; d: string }>(
      db,
      sql`select user_id::text, currency, volume_minor::text as v, deposits_minor::text as d
            from user_level_progress where user_id in (${trader.id}, ${vip.id}, ${chain.id})
           order by user_id, currency`,
    );
    expect(backfilled).toEqual(events);
    expect(backfilled).toEqual([
      { user_id: trader.id.toString(), currency: 'money', v: '15000', d: '30000' },
      { user_id: chain.id.toString(), currency: 'usdt', v: '0', d: '25500000' },
    ]);

    // The thresholds: what they were is the volume part; deposits need nothing.
    const [setting] = await queryRows<{ value: unknown }>(
      db,
      sql`select value from system_setting where key = 'memberLevels'`,
    );
    const zero = { money: '0.00', usdt: '0.000000' };
    expect(setting?.value).toEqual({
      junior: { volume: old.junior, deposits: zero },
      intermediate: { volume: old.intermediate, deposits: zero },
      premium: { volume: old.premium, deposits: zero },
    });

    // Levels: the trader 150.00 ≥ 150.00 → Junior (raised now); the VIP, above what the
    // thresholds give (nothing traded → Ordinary), keeps Premium as a floor; the chain user has
    // volume 0 < 10 → Ordinary.
    const levels = await queryRows<{ id: string; level: number; level_floor: number }>(
      db,
      sql`select id::text, level, level_floor from app_user
           where id in (${trader.id}, ${vip.id}, ${chain.id}) order by id`,
    );
    expect(levels).toEqual([
      { id: trader.id.toString(), level: 1, level_floor: 0 },
      { id: vip.id.toString(), level: 3, level_floor: 3 },
      { id: chain.id.toString(), level: 0, level_floor: 0 },
    ]);
    // Nothing is owed: the recompute knows these thresholds are applied.
    expect(await t.app.services.levels.recomputeStep()).toEqual({ changed: 0, pending: false });
  });
});

import type { UserLevel } from '@ampere/contract';
import type { MemberLevels } from '@ampere/contract/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
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

const ZERO = { money: '0.00', usdt: '0.000000' };

// The thresholds of this file:
//   Junior        volume 150.00 CNY / 10 USDT      deposits 100.00 CNY / 20 USDT
//   Intermediate  volume 250.00 CNY / 20 USDT      deposits 500.00 CNY / 30 USDT
//   Premium       volume 1,000,000.00 / 150,000    deposits 500.00 CNY / 30 USDT
const LOW: MemberLevels = {
  junior: {
    volume: { money: '150.00', usdt: '10.000000' },
    deposits: { money: '100.00', usdt: '20.000000' },
  },
  intermediate: {
    volume: { money: '250.00', usdt: '20.000000' },
    deposits: { money: '500.00', usdt: '30.000000' },
  },
  premium: {
    volume: { money: '1000000.00', usdt: '150000.000000' },
    deposits: { money: '500.00', usdt: '30.000000' },
  },
};

/**
 * Member levels through the real server on a real database: progress written by settlement, a
 * confirmed bank recharge and a credited chain deposit, in their transactions; the level raised
 * there; new thresholds applied by the recompute, down and up; staff's floor; GET user/level.
 */
describe('member levels through the API', () => {
  let t: TestApp;
  // 08:00 UTC = 16:00 at UTC+8.
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  const nowMs = () => clock.now().getTime();
  let finance: StaffClient;
  let risk: StaffClient;
  let support: StaffClient;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    finance = await signInStaff(t.app, 'lvl-fin', 'finance', clock.now);
    risk = await signInStaff(t.app, 'lvl-risk', 'risk', clock.now);
    support = await signInStaff(t.app, 'lvl-support', 'support', clock.now);
    const set = await risk.call({ method: 'POST', url: 'settings/levels', payload: LOW });
    expect(set.json()).toMatchObject({ code: 0, data: LOW });
    // The pass for the new thresholds (no user has progress yet: nothing changes).
    expect(await t.app.services.levels.recomputeStep()).toEqual({ changed: 0, pending: false });
  });
  afterAll(() => t.close());

  const user = (name: string) => fundingUser(t.app, t.database.db, `${name}${++seq}`);
  const levelOf = async (u: FundingUser) => data<UserLevel>(await u.get('user/level'));
  const stored = async (u: FundingUser) =>
    (
      await queryRows<{ level: number; level_floor: number }>(
        t.database.db,
        sql`select level, level_floor from app_user where id = ${u.id}`,
      )
    )[0];
  const setThresholds = async (levels: MemberLevels) => {
    expect(
      (await risk.call({ method: 'POST', url: 'settings/levels', payload: levels })).json(),
    ).toMatchObject({ code: 0 });
    return t.app.services.levels.recomputeStep();
  };

  const tick = (price: bigint) => t.app.services.market.recordTick('BTC/USDT', nowMs(), price, 2);
  const buy = (u: FundingUser, amount: string, extra: Record<string, string> = {}) =>
    u.post(
      'user/buy',
      { symbol: 'BTC/USDT', direction: 'up', amount, currency: 'money', period: 30, ...extra },
      newKey(),
    );
  /** Orders placed now settle with an exit inside their window (won: the price rose). */
  const settleWithExit = async () => {
    clock.advance(20_000);
    await tick(9_700_500n);
    clock.advance(10_001);
    await tick(9_700_600n);
    return t.app.services.trading.settleDue();
  };

  const recharge = async (u: FundingUser, amount: string) => {
    const accountId = await receivingAccount(finance);
    const made = data<{ id: string }>(
      await u.post(
        'user/recharge',
        { accountId, amount, payerName: 'Alice Li', reference: `TX-${newKey()}` },
        newKey(),
      ),
    );
    return staffPost(finance, `funding/recharges/${made.id}/confirm`, {}, newKey());
  };

  it('raises the level on the events that change it, and says what the next level needs', async () => {
    const u = await user('climber');
    const fresh = await levelOf(u);
    expect(fresh).toEqual({
      level: 0,
      key: 'ordinary',
      floor: 0,
      progress: [
        { currency: 'money', volume: '0.00', deposits: '0.00' },
        { currency: 'usdt', volume: '0.000000', deposits: '0.000000' },
      ],
      next: {
        level: 1,
        key: 'junior',
        needs: [
          {
            currency: 'money',
            volume: '150.00',
            deposits: '100.00',
            volumeMissing: '150.00',
            depositsMissing: '100.00',
          },
          {
            currency: 'usdt',
            volume: '10.000000',
            deposits: '20.000000',
            volumeMissing: '10.000000',
            depositsMissing: '20.000000',
          },
        ],
      },
    });

    // A bank recharge of 300.00 confirmed: deposits 0 + 300.00 = 300.00 ≥ 100.00, but volume
    // 0 < 150.00 → still Ordinary.
    data(await recharge(u, '300.00'));
    let now = await levelOf(u);
    expect(now.level).toBe(0);
    expect(now.progress[0]).toEqual({ currency: 'money', volume: '0.00', deposits: '300.00' });
    expect(now.next?.needs[0]).toMatchObject({ volumeMissing: '150.00', depositsMissing: '0.00' });

    // Two stakes of 100.00 settle in one batch, with a practice order (play money, not counted):
    // volume 100.00 + 100.00 = 200.00 ≥ 150.00, deposits 300.00 ≥ 100.00 → Junior;
    // 200.00 < 250.00 → not Intermediate.
    await tick(9_700_000n);
    for (const amount of ['100.00', '100.00']) expect((await buy(u, amount)).json().code).toBe(0);
    expect((await buy(u, '100.000000', { currency: 'usdt', book: 'practice' })).json().code).toBe(
      0,
    );
    expect(await settleWithExit()).toBe(3);
    now = await levelOf(u);
    expect(now).toMatchObject({ level: 1, key: 'junior' });
    expect(now.progress).toEqual([
      { currency: 'money', volume: '200.00', deposits: '300.00' },
      { currency: 'usdt', volume: '0.000000', deposits: '0.000000' },
    ]);
    // Intermediate: 250.00 − 200.00 = 50.00 more volume, 500.00 − 300.00 = 200.00 more deposits.
    expect(now.next).toMatchObject({ level: 2, key: 'intermediate' });
    expect(now.next?.needs[0]).toEqual({
      currency: 'money',
      volume: '250.00',
      deposits: '500.00',
      volumeMissing: '50.00',
      depositsMissing: '200.00',
    });
    // The session's level says the same.
    expect(data<{ user: { level: string } }>(await u.get('user/home')).user.level).toBe('junior');

    // A void order (no price inside its window) traded nothing: volume stays 200.00.
    await tick(9_700_000n);
    expect((await buy(u, '100.00')).json().code).toBe(0);
    clock.advance(30_001);
    await tick(9_700_100n); // after expiry: the order had no exit → void
    expect(await t.app.services.trading.settleDue()).toBe(1);
    expect((await levelOf(u)).progress[0]).toMatchObject({ volume: '200.00' });

    // Another 200.00 recharged: deposits 300.00 + 200.00 = 500.00 ≥ 500.00, but volume 200.00
    // < 250.00 → still Junior. A 50.00 stake settles: 200.00 + 50.00 = 250.00 ≥ 250.00 →
    // Intermediate.
    data(await recharge(u, '200.00'));
    expect((await levelOf(u)).level).toBe(1);
    await tick(9_700_000n);
    expect((await buy(u, '50.00')).json().code).toBe(0);
    expect(await settleWithExit()).toBe(1);
    now = await levelOf(u);
    expect(now).toMatchObject({ level: 2, key: 'intermediate' });
    expect(now.progress[0]).toEqual({ currency: 'money', volume: '250.00', deposits: '500.00' });
    // Premium needs 1,000,000.00 − 250.00 = 999,750.00 more volume; deposits 500.00 ≥ 500.00.
    expect(now.next?.needs[0]).toMatchObject({
      volumeMissing: '999750.00',
      depositsMissing: '0.00',
    });

    // Progress is what a full scan of settled orders gives (the scan the event replaced).
    const scan = await t.app.services.trading.settledVolumes();
    expect(scan.get(u.id)).toEqual({ money: 250_00n, usdt: 0n });
  });

  it('counts a credited USDT deposit once, though two watchers credit it', async () => {
    const u = await user('chain');
    const { id, deps } = await detectedDeposit(t, {
      userId: u.id,
      amountMinor: 25_500_000n, // 25.500000 USDT
      mark: 'ef',
      now: clock.now,
    });
    await Promise.all([creditDeposit(deps, id), creditDeposit(deps, id)]);
    const now = await levelOf(u);
    // Deposits 25.5 USDT ≥ 20 (Junior's), but volume 0 < 10 → Ordinary; counted once.
    expect(now.progress[1]).toEqual({
      currency: 'usdt',
      volume: '0.000000',
      deposits: '25.500000',
    });
    expect(now.level).toBe(0);
    expect(now.next?.needs[1]).toMatchObject({
      volumeMissing: '10.000000',
      depositsMissing: '0.000000',
    });
  });

  it('applies new thresholds to everyone, down and back up, above a floor staff set', async () => {
    const u = await user('mover');
    const other = await user('floored');
    await creditFromEquity(t.database.db, u.id, 'money', 1_000_00n);
    data(await recharge(u, '500.00'));
    await tick(9_700_000n);
    expect((await buy(u, '250.00')).json().code).toBe(0);
    expect(await settleWithExit()).toBe(1);
    // 250.00 ≥ 250.00 traded, 500.00 ≥ 500.00 deposited → Intermediate.
    expect((await levelOf(u)).level).toBe(2);

    // Staff set the other user (nothing traded) to Junior: a floor.
    const [row] = await queryRows<{ uid: string }>(
      t.database.db,
      sql`select uid::text from app_user where id = ${other.id}`,
    );
    const set = await support.call({
      method: 'POST',
      url: `users/${row?.uid}/level`,
      payload: { level: 1 },
    });
    expect(set.json()).toMatchObject({ code: 0, data: { level: 1 } });
    expect(await stored(other)).toEqual({ level: 1, level_floor: 1 });

    // Intermediate's CNY volume raised to 250.01: 250.00 < 250.01 → Junior (250.00 ≥ 150.00,
    // 500.00 ≥ 100.00). The pass lowers the level; the floored user stays at Junior.
    const raised: MemberLevels = {
      ...LOW,
      intermediate: { ...LOW.intermediate, volume: { money: '250.01', usdt: '20.000000' } },
    };
    const down = await setThresholds(raised);
    expect(down.pending).toBe(false);
    expect(down.changed).toBeGreaterThanOrEqual(1);
    expect(await levelOf(u)).toMatchObject({ level: 1, key: 'junior' });
    expect((await levelOf(u)).next?.needs[0]).toMatchObject({ volumeMissing: '0.01' });
    expect(await stored(other)).toEqual({ level: 1, level_floor: 1 });
    // Nothing changed since: the next run does nothing.
    expect(await t.app.services.levels.recomputeStep()).toEqual({ changed: 0, pending: false });

    // Junior raised far (1,000.00 CNY volume; Intermediate 2,000.00 and Premium above): 250.00 <
    // 1,000.00 → Ordinary; the floored user keeps Junior.
    await setThresholds({
      junior: { volume: { money: '1000.00', usdt: '1000.000000' }, deposits: ZERO },
      intermediate: { volume: { money: '2000.00', usdt: '2000.000000' }, deposits: ZERO },
      premium: { volume: { money: '3000.00', usdt: '3000.000000' }, deposits: ZERO },
    });
    expect((await levelOf(u)).level).toBe(0);
    expect(await stored(other)).toEqual({ level: 1, level_floor: 1 });

    // Back to the file's thresholds: 250.00 ≥ 250.00 and 500.00 ≥ 500.00 → Intermediate again.
    await setThresholds(LOW);
    expect((await levelOf(u)).level).toBe(2);

    // Everything from 0: every user with any progress, or none, reaches Premium; the floor is
    // below and does not hold anyone down.
    await setThresholds({
      junior: { volume: ZERO, deposits: ZERO },
      intermediate: { volume: { money: '0.01', usdt: '0.000001' }, deposits: ZERO },
      premium: { volume: { money: '0.02', usdt: '0.000002' }, deposits: ZERO },
    });
    expect((await levelOf(u)).level).toBe(3);
    expect(await stored(other)).toEqual({ level: 1, level_floor: 1 }); // 0 traded: Junior (0 ≥ 0)
    await setThresholds(LOW);
    expect(await stored(other)).toEqual({ level: 1, level_floor: 1 });

    // Staff lift the floor: the thresholds give the other user Ordinary, so Ordinary it is.
    await support.call({ method: 'POST', url: `users/${row?.uid}/level`, payload: { level: 0 } });
    expect(await stored(other)).toEqual({ level: 0, level_floor: 0 });
  });

  it('refuses thresholds that descend, and needs a session to read a level', async () => {
    const bad = await risk.call({
      method: 'POST',
      url: 'settings/levels',
      payload: {
        ...LOW,
        intermediate: { ...LOW.intermediate, deposits: { money: '99.99', usdt: '30.000000' } },
      },
    });
    expect(bad.json()).toMatchObject({ code: 1000 });
    expect((await t.app.inject({ url: '/api/v1/user/level' })).statusCode).toBe(401);
  });
});

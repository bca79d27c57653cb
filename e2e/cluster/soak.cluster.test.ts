import { describe, expect, it } from 'vitest';
import { runSoak } from './soak.js';

/**
 * The bounded soak CI runs (issue #19; `npm run soak -- --duration=600` for a longer one): users
 * recharge by bank and by USDT, trade, subscribe, redeem, exchange and withdraw through nginx
 * while finance works its queues, nodes are SIGKILLed and Redis is restarted once. Nothing accepted is lost or done twice, and the books balance.
 */
describe('soak with faults', () => {
  it('loses nothing, doubles nothing and balances, with nodes killed and Redis restarted', async () => {
    const r = await runSoak({
      durationMs: 45_000,
      users: 8,
      killEveryMs: 5_000,
      log: (line) => {
        console.log(`[soak] ${line}`);
      },
    });
    console.log(
      `[soak] requests ${r.requests}, accepted ${JSON.stringify(r.accepted)}, retries ${r.retries}, ` +
        `kills ${r.kills}, redis restarts ${r.redisRestarts}, reconnects ${r.reconnects}, ` +
        `drift ${r.checks.driftMinor}, funding ${JSON.stringify(r.funding)}, accruals ${r.accruals}`,
    );
    expect(r.kills).toBeGreaterThanOrEqual(3);
    expect(r.redisRestarts).toBe(1);
    // Money came in by bank and by chain and went out, each through the kills.
    expect(r.funding.recharges).toBeGreaterThan(0);
    expect(r.funding.withdrawals).toBeGreaterThan(0);
    expect(r.funding.deposits).toBe(r.funding.usdtSent);
    expect(r.funding.usdtSent).toBeGreaterThan(0);
    // Earn's day ended during the kills: yesterday's orders were paid their day, once.
    expect(r.accruals).toBeGreaterThan(0);
    expect(Object.values(r.accepted).reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
    expect(r.checks).toEqual({
      lost: 0,
      duplicated: 0,
      unsettledDue: 0,
      unaccruedDue: 0,
      negativeBalances: 0,
      reconcileOk: true,
      driftMinor: '0',
      tickChainsOk: true,
    });
  }, 300_000);
});

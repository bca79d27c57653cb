import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { creditFromEquity, insertTestUser } from '../../test/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { reconcile } from '../ledger/reconcile.js';
import { createMarketService } from '../market/market.service.js';
import { createLevelsRecorder } from '../levels/levels.service.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createTradingService, decide } from './trading.service.js';

type Command =
  | { op: 'buy'; user: number; up: boolean; stake: number }
  | { op: 'tick'; delta: number }
  | { op: 'wait'; ms: number }
  | { op: 'settle' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('buy' as const),
    user: fc.integer({ min: 0, max: 2 }),
    up: fc.boolean(),
    stake: fc.integer({ min: 1_000, max: 60_000 }), // 10.00–600.00 CNY
  }),
  fc.record({ op: fc.constant('tick' as const), delta: fc.integer({ min: -3, max: 3 }) }),
  fc.record({ op: fc.constant('wait' as const), ms: fc.integer({ min: 500, max: 20_000 }) }),
  fc.constant({ op: 'settle' as const }),
);

describe('trading keeps the books', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('Σ ledger = 0, no negative balance, and every balance matches the rule, over random buys and settlements', async () => {
    const db = t.database.db;
    let clock = Date.UTC(2026, 10, 21, 8);
    const now = () => clock;
    const market = createMarketService({ db, now });
    const ledger = createLedgerService({ now: () => new Date(clock) });
    const trading = createTradingService({
      db,
      ledger,
      market,
      notifications: createNotificationsService({ db }),
      levels: createLevelsRecorder({ db }),
      now,
    });
    let price = 340_000n;
    let keys = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        const users = await Promise.all([0, 1, 2].map(() => insertTestUser(db)));
        for (const u of users) await creditFromEquity(db, u.id, 'money', 1_000_00n);
        /** The rule applied by hand: what each user should hold in the end. */
        const expected = users.map(() => 1_000_00n);
        const placed: { user: number; id: string }[] = [];
        await market.recordTick('ETH/USDT', clock, price, 2);
        for (const cmd of commands) {
          if (cmd.op === 'tick') {
            price += BigInt(cmd.delta) * 10n;
            clock += 100;
            await market.recordTick('ETH/USDT', clock, price, 2);
          } else if (cmd.op === 'wait') {
            clock += cmd.ms;
            await market.recordTick('ETH/USDT', clock, price, 2);
          } else if (cmd.op === 'settle') {
            await trading.settleDue();
          } else {
            const user = users[cmd.user];
            if (!user) continue;
            try {
              const o = await trading.buy(
                user.id,
                {
                  symbol: 'ETH/USDT',
                  direction: cmd.up ? 'up' : 'down',
                  amount: `${Math.floor(cmd.stake / 100)}.${String(cmd.stake % 100).padStart(2, '0')}`,
                  currency: 'money',
                  period: 30,
                },
                `prop-${++keys}-xxxxxxxx`,
                'en-US',
              );
              placed.push({ user: cmd.user, id: o.id });
            } catch (error) {
              if (!(error instanceof AppError && error.def.key === 'insufficient_balance'))
                throw error;
            }
          }
        }
        // Let everything expire and settle.
        clock += 31_000;
        await market.recordTick('ETH/USDT', clock, price, 2);
        while ((await trading.settleDue()) > 0);
        for (const p of placed) {
          const user = users[p.user];
          if (!user) continue;
          const r = await trading.receipt(user.id, BigInt(p.id), 'en-US');
          const o = r.order;
          expect(o.status).not.toBe('open');
          const minor = (s: string) => BigInt(s.replace('.', ''));
          const outcome = decide(
            o.direction,
            minor(o.strikePrice),
            o.exitPrice === null ? undefined : minor(o.exitPrice),
            minor(o.amount),
            Math.round(Number(o.payoutRate) * 10_000),
          );
          expect(o.status).toBe(outcome.status);
          expected[p.user] = (expected[p.user] ?? 0n) - minor(o.amount) + outcome.payoutMinor;
        }
        for (const [i, u] of users.entries()) {
          const accounts = await ledger.userAccounts(db, u.id);
          const of = (purpose: string) =>
            accounts.find((a) => a.currency === 'money' && a.purpose === purpose)?.balanceMinor;
          expect(of('in_order')).toBe(0n);
          expect(of('available')).toBe(expected[i]);
        }
      }),
      { numRuns: 25 },
    );
    const report = await reconcile(db);
    expect(report.unbalancedJournals).toEqual([]);
    expect(report.negativeBalances).toEqual([]);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.totals.every((x) => x.totalMinor === '0')).toBe(true);
  }, 120_000);
});

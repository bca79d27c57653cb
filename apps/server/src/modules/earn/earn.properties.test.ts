import { earnDailyInterestMinor, earnDamagesMinor, formatAmount } from '@ampere/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import type { AppError } from '../../errors.js';
import { creditFromEquity, insertTestUser } from '../../test/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import type { UserRow } from '../auth/users.js';
import { createAuditService } from '../audit/audit.service.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { reconcile } from '../ledger/reconcile.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createEarnService } from './earn.service.js';
import { createProductsRepository } from './products.repository.js';

type Command =
  | { op: 'buy'; user: number; amount: number }
  | { op: 'days'; n: number }
  | { op: 'accrue'; batch: number }
  | { op: 'redeem'; user: number; pick: number }
  | { op: 'restart' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('buy' as const),
    user: fc.integer({ min: 0, max: 1 }),
    amount: fc.integer({ min: 10_000, max: 90_000 }), // 100.00–900.00 CNY
  }),
  fc.record({ op: fc.constant('days' as const), n: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ op: fc.constant('accrue' as const), batch: fc.integer({ min: 1, max: 5 }) }),
  fc.record({
    op: fc.constant('redeem' as const),
    user: fc.integer({ min: 0, max: 1 }),
    pick: fc.nat(),
  }),
  fc.constant({ op: 'restart' as const }),
);

const DAY = 86_400_000;
const RATE = 123_456n; // 0.00123456 per day: most days round down
const CYCLE = 4;
const PENALTY_BPS = 350;

/** The model's order: what the rules say it should have been paid and hold. */
interface ModelOrder {
  id: string;
  user: number;
  principal: bigint;
  startDay: number;
  paid: number;
  status: 'hosting' | 'settled' | 'cancelled';
}

describe('Earn keeps the books', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('matches a model over random subscriptions, days passing, accruals, redemptions and restarts', async () => {
    const db = t.database.db;
    const product = await createProductsRepository(db).insert({
      names: { 'en-US': 'Model' },
      descriptions: {},
      currency: 'money',
      rateE8: RATE,
      cycleDays: CYCLE,
      minMinor: 100n,
      maxMinor: 1_000_000n,
      userQuotaMinor: null,
      totalQuotaMinor: null,
      penaltyBps: PENALTY_BPS,
      saleStartsAtMs: null,
      saleEndsAtMs: null,
      status: 'active',
      sortOrder: 0,
    });
    let clock = Date.UTC(2026, 10, 21, 8);
    // A "restart" makes every service anew: nothing survives in memory but the database.
    const boot = () =>
      createEarnService({
        db,
        ledger: createLedgerService({ now: () => new Date(clock) }),
        notifications: createNotificationsService({ db, now: () => new Date(clock) }),
        audit: createAuditService({ db, now: () => new Date(clock) }),
        now: () => clock,
        utcOffsetMinutes: 480,
        checkFundPassword: async () => undefined,
      });
    let earn = boot();
    const dayOf = (ms: number) => Math.floor((ms + 480 * 60_000) / DAY);
    let keys = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 25 }), async (commands) => {
        const users: UserRow[] = [await insertTestUser(db), await insertTestUser(db)];
        for (const u of users) await creditFromEquity(db, u.id, 'money', 5_000_00n);
        const available = [5_000_00n, 5_000_00n];
        const orders: ModelOrder[] = [];
        const daily = (o: ModelOrder) => earnDailyInterestMinor(o.principal, RATE);
        for (const c of commands) {
          if (c.op === 'buy') {
            const user = users[c.user];
            if (!user) continue;
            const amount = BigInt(c.amount);
            try {
              const o = await earn.subscribe(
                user,
                { productId: product.id.toString(), amount: formatAmount(amount, 'money') },
                `prop-${++keys}-key`,
                'en-US',
              );
              orders.push({
                id: o.id,
                user: c.user,
                principal: amount,
                startDay: dayOf(clock),
                paid: 0,
                status: 'hosting',
              });
              available[c.user] = (available[c.user] ?? 0n) - amount;
            } catch (e) {
              expect((e as AppError).def.key).toBe('insufficient_balance');
              expect(available[c.user]).toBeLessThan(amount);
            }
          } else if (c.op === 'days') {
            clock += c.n * DAY + 3_600_000;
          } else if (c.op === 'accrue') {
            // The job's drain in batches of `batch`; the model pays each due day once, in order.
            await earn.drainDue({ batch: c.batch });
            const today = dayOf(clock);
            for (const o of orders) {
              while (o.status === 'hosting' && o.startDay + o.paid + 1 <= today) {
                o.paid += 1;
                available[o.user] = (available[o.user] ?? 0n) + daily(o);
                if (o.paid === CYCLE) {
                  o.status = 'settled';
                  available[o.user] = (available[o.user] ?? 0n) + o.principal;
                }
              }
            }
          } else if (c.op === 'redeem') {
            const mine = orders.filter((o) => o.user === c.user && o.status === 'hosting');
            const o = mine[c.pick % Math.max(1, mine.length)];
            const user = users[c.user];
            if (!o || !user) continue;
            const p = await earn.redeemPreview(user.id, BigInt(o.id));
            const damages = earnDamagesMinor(o.principal, PENALTY_BPS);
            expect(p.liquidatedDamages).toBe(formatAmount(damages, 'money'));
            expect(p.interestPaid).toBe(formatAmount(daily(o) * BigInt(o.paid), 'money'));
            const done = await earn.redeem(user, { ...p, id: o.id }, `prop-${++keys}-key`, 'en-US');
            expect(done.refundAmount).toBe(p.refundAmount);
            o.status = 'cancelled';
            available[o.user] = (available[o.user] ?? 0n) + o.principal - damages;
          } else {
            earn = boot();
          }
        }
        // The ledger equals the model, user by user.
        for (const [i, u] of users.entries()) {
          const rows = await queryRows<{ purpose: string; balance_minor: string }>(
            db,
            sql`select purpose, balance_minor from ledger_account
                 where user_id = ${u.id} and currency = 'money'`,
          );
          const of = (p: string) => BigInt(rows.find((r) => r.purpose === p)?.balance_minor ?? 0);
          const held = orders
            .filter((o) => o.user === i && o.status === 'hosting')
            .reduce((a, o) => a + o.principal, 0n);
          expect(of('available')).toBe(available[i]);
          expect(of('earn_principal')).toBe(held);
        }
        // Each order has exactly the days the model paid, each once.
        for (const o of orders) {
          const days = await queryRows<{ day: number }>(
            db,
            sql`select day from earn_accrual where order_id = ${o.id} order by day`,
          );
          expect(days.map((d) => d.day)).toEqual(
            Array.from({ length: o.paid }, (_, k) => o.startDay + k),
          );
        }
      }),
      { numRuns: 25 },
    );
    expect((await reconcile(db)).ok).toBe(true);
  }, 240_000);
});

import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { creditFromEquity, insertTestUser } from '../../../test/fixtures.js';
import { createTestDatabase, dbErrorOf, type TestDatabase } from '../../../test/harness.js';
import { createLedgerService } from '../../ledger/ledger.service.js';
import { reconcile } from '../../ledger/reconcile.js';
import { createMarketService } from '../../market/market.service.js';
import { createLevelsRecorder } from '../../levels/levels.service.js';
import { createNotificationsService } from '../../notifications/notifications.service.js';
import { createExposureRepository } from '../exposure.repository.js';
import { createTradingService, decide } from '../trading.service.js';

type Command =
  | { op: 'buy'; user: number; up: boolean; stake: number; practice: boolean }
  | { op: 'tick'; delta: number }
  | { op: 'wait'; ms: number }
  | { op: 'settle' }
  | { op: 'reset'; user: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('buy' as const),
    user: fc.integer({ min: 0, max: 1 }),
    up: fc.boolean(),
    stake: fc.integer({ min: 1, max: 3_000 }), // whole USDT
    practice: fc.boolean(),
  }),
  fc.record({ op: fc.constant('tick' as const), delta: fc.integer({ min: -3, max: 3 }) }),
  fc.record({
    op: fc.constant('wait' as const),
    ms: fc.constantFrom(1_000, 20_000, 40_000, 3_600_000),
  }),
  fc.constant({ op: 'settle' as const }),
  fc.record({ op: fc.constant('reset' as const), user: fc.integer({ min: 0, max: 1 }) }),
);

const START = 10_000_000_000n; // 10,000 practice USDT
const REAL = 2_000_000_000n; // 2,000 real USDT
const minor = (s: string) => BigInt(s.replace('.', ''));

describe('the practice book never touches real money', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('real balances equal the model without practice, each book as its own model, no journal in two books', async () => {
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
    const refusals = new Set([
      'insufficient_balance',
      'practice_reset_orders_open',
      'practice_reset_too_soon',
    ]);

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        const users = await Promise.all([0, 1].map(() => insertTestUser(db)));
        for (const u of users) await creditFromEquity(db, u.id, 'usdt', REAL);
        // Each order with the reset epoch of its book it was placed in.
        const placed: { user: number; id: string; practice: boolean; epoch: number }[] = [];
        const epochs = users.map(() => 0);
        await market.recordTick('ETH/USDT', clock, price, 2);
        for (const cmd of commands) {
          try {
            if (cmd.op === 'tick') {
              price += BigInt(cmd.delta) * 10n;
              clock += 100;
              await market.recordTick('ETH/USDT', clock, price, 2);
            } else if (cmd.op === 'wait') {
              clock += cmd.ms;
              await market.recordTick('ETH/USDT', clock, price, 2);
            } else if (cmd.op === 'settle') {
              await trading.settleDue();
            } else if (cmd.op === 'reset') {
              const user = users[cmd.user];
              if (!user) continue;
              await trading.resetPractice(user.id, `reset-${++keys}-xxxxxxxx`);
              epochs[cmd.user] = (epochs[cmd.user] ?? 0) + 1;
            } else {
              const user = users[cmd.user];
              if (!user) continue;
              const o = await trading.buy(
                user.id,
                {
                  symbol: 'ETH/USDT',
                  direction: cmd.up ? 'up' : 'down',
                  amount: `${cmd.stake}.000000`,
                  currency: 'usdt',
                  period: 30,
                  book: cmd.practice ? 'practice' : 'real',
                },
                `pprop-${++keys}-xxxxxxxx`,
                'en-US',
              );
              expect(o.book).toBe(cmd.practice ? 'practice' : 'real');
              placed.push({
                user: cmd.user,
                id: o.id,
                practice: cmd.practice,
                epoch: epochs[cmd.user] ?? 0,
              });
            }
          } catch (error) {
            if (!(error instanceof AppError && refusals.has(error.def.key))) throw error;
          }
        }
        clock += 31_000;
        await market.recordTick('ETH/USDT', clock, price, 2);
        while ((await trading.settleDue()) > 0);

        const real = users.map(() => REAL);
        const practice = users.map(() => START);
        for (const p of placed) {
          const user = users[p.user];
          if (!user) continue;
          const o = (await trading.receipt(user.id, BigInt(p.id), 'en-US')).order;
          const outcome = decide(
            o.direction,
            minor(o.strikePrice),
            o.exitPrice === null ? undefined : minor(o.exitPrice),
            minor(o.amount),
            Math.round(Number(o.payoutRate) * 10_000),
          );
          expect(o.status).toBe(outcome.status);
          const net = outcome.payoutMinor - minor(o.amount);
          if (!p.practice) real[p.user] = (real[p.user] ?? 0n) + net;
          // A reset set the book back to the start: only its own epoch's orders count.
          else if (p.epoch === epochs[p.user]) practice[p.user] = (practice[p.user] ?? 0n) + net;
        }
        for (const [i, u] of users.entries()) {
          const accounts = await ledger.userAccounts(db, u.id);
          const usdt = accounts.find((a) => a.currency === 'usdt' && a.purpose === 'available');
          expect(usdt?.balanceMinor).toBe(real[i]);
          expect(accounts.every((a) => a.currency !== 'usdt_practice')).toBe(true);
          const book = await trading.practiceAccountIfOpen(u.id);
          if (book) expect(minor(book.available)).toBe(practice[i]);
        }
      }),
      { numRuns: 20 },
    );
    const mixed = await queryRows<{ journal_id: string }>(
      db,
      sql`select journal_id::text from ledger_posting group by journal_id
           having bool_or(currency = 'usdt_practice') and bool_or(currency <> 'usdt_practice')`,
    );
    expect(mixed).toEqual([]);
    const report = await reconcile(db);
    expect(report.ok).toBe(true);
    expect(JSON.stringify(report)).not.toContain('usdt_practice');
    expect(await createExposureRepository(db).openExposure()).toEqual([]);

    // Posting a mixing journal directly: the database refuses it.
    const user = await insertTestUser(db);
    await trading.practiceAccount(user.id);
    const message = await dbErrorOf(
      db.transaction(async (tx) => {
        const ids = await queryRows<{ id: string; currency: string; mine: boolean }>(
          tx,
          sql`select id::text, currency, user_id is not null as mine from ledger_account
               where (user_id is null and purpose = 'house_equity')
                  or (user_id = ${user.id} and purpose = 'available')`,
        );
        const id = (c: string, mine: boolean) =>
          ids.find((a) => a.currency === c && a.mine === mine)?.id;
        const [j] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ledger_journal (kind, actor) values ('adjustment_credit', 'test:mix') returning id::text`,
        );
        await tx.execute(sql`insert into ledger_posting (journal_id, account_id, currency, amount_minor)
          values (${j?.id}::bigint, ${id('usdt_practice', true)}::bigint, 'usdt_practice', -5),
                 (${j?.id}::bigint, ${id('usdt_practice', false)}::bigint, 'usdt_practice', 5),
                 (${j?.id}::bigint, ${id('usdt', false)}::bigint, 'usdt', -5),
                 (${j?.id}::bigint, ${id('usdt', true)}::bigint, 'usdt', 5)`);
      }),
    );
    expect(message).toMatch(/mixes the practice and real books/);
  }, 240_000);
});

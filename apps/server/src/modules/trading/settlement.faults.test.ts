import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { creditFromEquity, insertTestUser } from '../../test/fixtures.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../test/harness.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { reconcile } from '../ledger/reconcile.js';
import { createMarketService } from '../market/market.service.js';
import { tradeOrder } from './trading.schema.js';

/**
 * Exactly once under faults (issue #6): 10,000 orders expiring together, three settlement
 * processes, one of them killed with SIGKILL every 0.5–3 s and restarted. Every order must be
 * settled once, payouts must match the rule, and the ledger must balance. PostgreSQL only
 * (`npm run test:pg`): PGlite is a single-process database.
 */
const USERS = 500;
const PER_USER = 20;
const STAKE = 1_000n; // 10.00 CNY
const WORKER = fileURLToPath(new URL('../../test/settle-worker.ts', import.meta.url));

describe.runIf(usingPostgres)('settlement under SIGKILL', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  }, 120_000);
  afterAll(() => t.drop());

  it('settles 10,000 orders exactly once while workers are killed', async () => {
    const db = t.database.db;
    const ledger = createLedgerService();
    const market = createMarketService({ db });
    const t0 = Date.now() - 120_000;
    // BTC rises inside the window (up wins, down loses), ETH ends where it started (tie), SOL
    // has no tick inside the window (void). A tick after expiry makes every exit final.
    const strikes = {
      'BTC/USDT': await market.recordTick('BTC/USDT', t0, 9_700_000n, 2),
      'ETH/USDT': await market.recordTick('ETH/USDT', t0, 340_000n, 2),
      'SOL/USDT': await market.recordTick('SOL/USDT', t0, 180_000n, 3),
    };
    await market.recordTick('BTC/USDT', t0 + 10_000, 9_700_100n, 2);
    await market.recordTick('ETH/USDT', t0 + 10_000, 340_000n, 2);
    for (const s of Object.keys(strikes)) {
      await market.recordTick(
        s,
        t0 + 31_000,
        s === 'SOL/USDT' ? 181_000n : 9_000_000n,
        s === 'SOL/USDT' ? 3 : 2,
      );
    }

    const symbols = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'] as const;
    const expected = new Map<bigint, bigint>();
    for (let u = 0; u < USERS; u++) {
      const user = await insertTestUser(db);
      await creditFromEquity(db, user.id, 'money', STAKE * BigInt(PER_USER));
      const hold = await db.transaction((tx) =>
        ledger.post(tx, {
          kind: 'trade_open',
          actor: 'test:setup',
          userId: user.id,
          postings: [
            {
              account: { userId: user.id, currency: 'money', purpose: 'available' },
              amountMinor: -STAKE * BigInt(PER_USER),
            },
            {
              account: { userId: user.id, currency: 'money', purpose: 'in_order' },
              amountMinor: STAKE * BigInt(PER_USER),
            },
          ],
        }),
      );
      let payout = 0n;
      const rows = Array.from({ length: PER_USER }, (_, i) => {
        const symbol = symbols[i % 3] ?? 'BTC/USDT';
        const direction = Math.floor(i / 3) % 2 === 0 ? 'up' : 'down';
        // BTC: up wins 10.00 × 1.80 = 18.00, down loses; ETH tie and SOL void refund 10.00.
        payout += symbol === 'BTC/USDT' ? (direction === 'up' ? 1_800n : 0n) : STAKE;
        const strike = strikes[symbol];
        return {
          userId: user.id,
          symbol,
          direction,
          currency: 'money',
          stakeMinor: STAKE,
          periodSeconds: 30,
          payoutBps: 8_000,
          strikeTickId: strike.id,
          strikePriceMinor: strike.priceMinor,
          strikeTimeMs: strike.timeMs,
          priceScale: symbol === 'SOL/USDT' ? 3 : 2,
          openedAtMs: t0,
          expiresAtMs: t0 + 30_000,
          openJournalId: hold.journalId,
        };
      });
      await db.insert(tradeOrder).values(rows);
      expected.set(user.id, payout);
    }

    // Three settlers; every 0.5–3 s one of them is killed mid-flight and replaced.
    const settleStart = Date.now();
    const url = t.url ?? '';
    const workers: (ChildProcess | undefined)[] = [];
    const start = (slot: number) => {
      workers[slot] = spawn(process.execPath, ['--import', 'tsx', WORKER, url, '5', '40'], {
        stdio: 'ignore',
      });
    };
    for (let slot = 0; slot < 3; slot++) start(slot);
    const openCount = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            db,
            sql`select count(*) as n from trade_order where status = 'open'`,
          )
        )[0]?.n ?? 0,
      );
    let kills = 0;
    while ((await openCount()) > 0) {
      await new Promise((r) => setTimeout(r, randomInt(500, 3_000)));
      const slot = randomInt(0, 3);
      const victim = workers[slot];
      if (victim?.exitCode === null && victim.signalCode === null) {
        victim.kill('SIGKILL');
        kills++;
      }
      start(slot);
    }
    const running = (w: ChildProcess | undefined): w is ChildProcess =>
      w?.exitCode === null && w.signalCode === null;
    await Promise.all(
      workers.filter(running).map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once('exit', () => {
              resolve();
            });
          }),
      ),
    );
    console.info(
      `settlement faults: ${USERS * PER_USER} orders settled in ${Date.now() - settleStart} ms by 3 workers with ${kills} SIGKILLs`,
    );
    expect(kills).toBeGreaterThanOrEqual(20);

    // Exactly once: one settlement journal per order, none left open.
    const [settled] = await queryRows<{ orders: string; journals: string; twice: string }>(
      db,
      sql`select (select count(*) from trade_order where status <> 'open') as orders,
                 (select count(*) from ledger_journal
                   where kind in ('trade_win', 'trade_loss', 'trade_refund')) as journals,
                 (select count(*) from (select reference from ledger_journal
                   where kind in ('trade_win', 'trade_loss', 'trade_refund')
                   group by reference having count(*) > 1) d) as twice`,
    );
    expect(settled).toEqual({
      orders: String(USERS * PER_USER),
      journals: String(USERS * PER_USER),
      twice: '0',
    });
    // One "order settled" notification per order, in the batch that settled it: the kills
    // rolled back notifications with their batches, and no retry wrote one twice.
    const [news] = await queryRows<{ total: string; orders: string }>(
      db,
      sql`select count(*) as total, count(distinct subject_id) as orders from notification
           where kind = 'order_settled'`,
    );
    expect(news).toEqual({ total: String(USERS * PER_USER), orders: String(USERS * PER_USER) });
    const outcomes = await queryRows<{ status: string; n: string }>(
      db,
      sql`select status, count(*) as n from trade_order group by status order by status`,
    );
    // Of 20 orders per user: 7 BTC (4 up won, 3 down lost), 7 ETH ties, 6 SOL voids.
    expect(Object.fromEntries(outcomes.map((o) => [o.status, Number(o.n)]))).toEqual({
      won: 4 * USERS,
      lost: 3 * USERS,
      tie: 7 * USERS,
      void: 6 * USERS,
    });
    // Payouts match the rule for every user.
    const balances = await queryRows<{ user_id: string; available: string; in_order: string }>(
      db,
      sql`select user_id,
                 sum(balance_minor) filter (where purpose = 'available') as available,
                 sum(balance_minor) filter (where purpose = 'in_order') as in_order
            from ledger_account where user_id is not null and currency = 'money'
           group by user_id`,
    );
    for (const b of balances) {
      const want = expected.get(BigInt(b.user_id));
      if (want === undefined) continue;
      expect(BigInt(b.available), `user ${b.user_id}`).toBe(want);
      expect(BigInt(b.in_order)).toBe(0n);
    }
    const report = await reconcile(db);
    expect(report.ok).toBe(true);
  }, 600_000); // ≈ 110 s alone; several times that beside other files on two loaded cores
});

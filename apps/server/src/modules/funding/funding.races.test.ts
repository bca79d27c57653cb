import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { translator } from '../../i18n/index.js';
import { creditFromEquity } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import type { UserRow } from '../auth/users.js';
import type { FundingService } from './funding.service.js';
import type { Member } from './staff-member.js';
import { FUND_PASSWORD, fundingUser, newKey, VISA } from './test/api.js';
import { financeMember } from './test/harness.js';

/**
 * Requests racing for the same money: the ledger's row locks and each record's row lock decide,
 * so exactly one side wins and money moves once (run on PostgreSQL too: `AMPERE_TEST_DB=pg`).
 */
describe('funding races', () => {
  let t: TestApp;
  const clock = testClock();
  let funding: FundingService;
  let fin: Member;
  const en = translator('en-US');
  let n = 0;

  async function user(moneyMinor: bigint): Promise<UserRow> {
    const u = await fundingUser(t.app, t.database.db, `racer${++n}`);
    await creditFromEquity(t.database.db, u.id, 'money', moneyMinor);
    await funding.cards.bind(await row(u.id), {
      accountName: 'Race User',
      bankName: 'ICBC',
      cardNumber: VISA,
      branch: 'Main',
    });
    return row(u.id);
  }
  async function row(id: bigint): Promise<UserRow> {
    const r = await t.app.services.auth.users.findById(id);
    if (!r) throw new Error('user');
    return r;
  }
  const available = async (userId: bigint) => (await t.app.services.wallet.balance(userId)).money;
  const journals = async (kind: string, reference: string) =>
    Number(
      (
        await queryRows<{ n: string }>(
          t.database.db,
          sql`select count(*)::text as n from ledger_journal where kind = ${kind} and reference = ${reference}`,
        )
      )[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    funding = t.app.services.funding;
    fin = await financeMember(t, 'race-fin');
    await t.app.services.settings.set('exchangeRate', {
      rate: '7.000000',
      spreadBps: 0,
      updatedAt: null,
      updatedBy: null,
    });
  });
  afterAll(() => t.close());

  it('two withdrawals of the whole balance at once: one is held, the other refused', async () => {
    const u = await user(1_000_00n);
    const req = { currency: 'money' as const, amount: '1000.00', mpassword: FUND_PASSWORD };
    const results = await Promise.allSettled([
      funding.withdrawal.request(u, req, newKey(), 'en-US', en),
      funding.withdrawal.request(u, req, newKey(), 'en-US', en),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(String(refused?.status === 'rejected' ? refused.reason : '')).toContain(
      'INSUFFICIENT_BALANCE',
    );
    expect(await available(u.id)).toMatchObject({
      available: '0.00',
      frozen: { withdrawHold: '1000.00' },
    });
  });

  it('cancel and approve at once: one wins, the other is refused, money moves once', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await user(500_00n);
      const w = await funding.withdrawal.request(
        u,
        { currency: 'money', amount: '200.00', mpassword: FUND_PASSWORD },
        newKey(),
        'en-US',
        en,
      );
      const id = BigInt(w.id);
      const [cancel, approve] = await Promise.allSettled([
        funding.withdrawal.cancel(u, id, newKey(), en),
        funding.withdrawalReview.approve(fin, id, undefined, newKey(), en),
      ]);
      expect([cancel.status, approve.status].sort()).toEqual(['fulfilled', 'rejected']);
      const b = await available(u.id);
      const refunds = await journals('withdraw_refund', `withdrawal:${id}`);
      if (cancel.status === 'fulfilled') {
        expect(b).toMatchObject({ available: '500.00', frozen: { withdrawHold: '0.00' } });
        expect(refunds).toBe(1);
      } else {
        expect(b).toMatchObject({ available: '300.00', frozen: { withdrawHold: '200.00' } });
        expect(refunds).toBe(0);
      }
    }
  });

  it('50 concurrent exchanges over the balance: exactly as many as it covers', async () => {
    const u = await user(1_000_00n);
    // Each takes 100.00 CNY; 1000.00 covers ten.
    const quotes = [];
    for (let i = 0; i < 50; i++) quotes.push(await funding.exchange.quote(u.id, 'money', '100.00'));
    const results = await Promise.allSettled(
      quotes.map((q) =>
        funding.exchange.exchange(
          u.id,
          { quoteId: q.quoteId, from: 'money', amount: '100.00' },
          newKey(),
          en,
        ),
      ),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done).toHaveLength(10);
    for (const r of results)
      if (r.status === 'rejected') expect(String(r.reason)).toContain('INSUFFICIENT_BALANCE');
    const b = await t.app.services.wallet.balance(u.id);
    // fee 100.00 × 0.001 = 0.10; (100.00 − 0.10) ÷ 7.000000 = 14.271428… → 14.271428 each, × 10
    expect(b.money.available).toBe('0.00');
    expect(b.usdt.available).toBe('142.714280');
  });
});

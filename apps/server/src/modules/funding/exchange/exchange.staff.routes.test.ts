import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditFromEquity } from '../../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../../test/harness.js';
import { signInStaff, type StaffClient } from '../../../test/staff.js';
import { codeOf, data, fundingUser, newKey, type FundingUser } from '../test/api.js';

interface Row {
  id: string;
  user: { uid: string; username: string };
  from: string;
  to: string;
  amount: string;
  fee: string;
  rate: string;
  receive: string;
  journalId: string;
  createdAt: string;
}
interface Page {
  items: Row[];
  nextCursor: string | null;
}

/**
 * The back office's exchange list (GET funding/exchanges, funding.read): read-only, newest
 * first, by user and date range, a page at a time by cursor.
 */
describe('staff exchange list', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  let finance: StaffClient;
  let auditor: StaffClient;
  let support: StaffClient;
  let ann: FundingUser;
  let ben: FundingUser;
  const uid = async (u: FundingUser) =>
    (await t.app.services.auth.users.findById(u.id))?.uid.toString() ?? '';

  async function exchange(u: FundingUser, amount: string) {
    const quote = data<{ quoteId: string }>(
      await u.get(`user/exchangeQuote?from=money&amount=${amount}`),
    );
    return data<{ id: string }>(
      await u.post('user/exchange', { quoteId: quote.quoteId, from: 'money', amount }, newKey()),
    ).id;
  }

  let made: string[];

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const rates = await signInStaff(t.app, 'exl-rates', 'finance', clock.now);
    ann = await fundingUser(t.app, t.database.db, 'exlann');
    ben = await fundingUser(t.app, t.database.db, 'exlben');
    await creditFromEquity(t.database.db, ann.id, 'money', 100_000n);
    await creditFromEquity(t.database.db, ben.id, 'money', 100_000n);
    data(
      await rates.call({
        method: 'POST',
        url: 'funding/exchange-rate',
        payload: { rate: '7.250000', spreadBps: 50 },
      }),
    );
    // Three exchanges on three days, 08:00 UTC each.
    const a1 = await exchange(ann, '100.00');
    clock.advance(24 * 3_600_000);
    const b1 = await exchange(ben, '200.00');
    clock.advance(24 * 3_600_000);
    const a2 = await exchange(ann, '300.00');
    made = [a2, b1, a1];
    // Signed in now: a session would not outlive the two days above.
    finance = await signInStaff(t.app, 'exl-fin', 'finance', clock.now);
    auditor = await signInStaff(t.app, 'exl-aud', 'auditor', clock.now);
    support = await signInStaff(t.app, 'exl-sup', 'support', clock.now);
  });
  afterAll(() => t.close());

  const list = async (who: StaffClient, query: string) =>
    data<Page>(await who.call({ method: 'GET', url: `funding/exchanges?${query}` }));

  it('lists exchanges newest first with user, pair, amounts, rate, fee, journal', async () => {
    const all = await list(finance, 'limit=20');
    expect(all.items.map((r) => r.id)).toEqual(made);
    // fee = 300.00 × 0.001 = 0.30; receive = (300.00 − 0.30) ÷ 7.286250 = 41.132269… → floor.
    expect(all.items[0]).toMatchObject({
      user: { uid: await uid(ann), username: 'exlann' },
      from: 'money',
      to: 'usdt',
      amount: '300.00',
      fee: '0.30',
      rate: '7.286250',
      receive: '41.132269',
      createdAt: '2026-11-23T08:00:00.000Z',
    });
    expect(all.items[0]?.journalId).toMatch(/^[1-9][0-9]*$/);
    expect(all.nextCursor).toBeNull();
    // The auditor reads it too.
    expect((await list(auditor, '')).items).toHaveLength(3);
  });

  it('filters by user and by [from, to), and pages by cursor', async () => {
    const anns = await list(finance, `uid=${await uid(ann)}`);
    expect(anns.items.map((r) => r.amount)).toEqual(['300.00', '100.00']);
    // Day 2 only: from its start (inclusive) to day 3's start (exclusive).
    const day2 = await list(finance, 'from=2026-11-22T00:00:00.000Z&to=2026-11-23T00:00:00.000Z');
    expect(day2.items.map((r) => r.amount)).toEqual(['200.00']);
    const since = await list(finance, 'from=2026-11-22T08:00:00.000Z');
    expect(since.items.map((r) => r.amount)).toEqual(['300.00', '200.00']);
    const until = await list(finance, `to=2026-11-22T08:00:00.000Z&uid=${await uid(ann)}`);
    expect(until.items.map((r) => r.amount)).toEqual(['100.00']);

    const first = await list(finance, 'limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe(first.items[1]?.id);
    const second = await list(finance, `limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((r) => r.amount)).toEqual(['100.00']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a backwards range (7109), a bad date, an unknown user, and a member without funding.read', async () => {
    const backwards = await finance.call({
      method: 'GET',
      url: 'funding/exchanges?from=2026-11-23T00:00:00.000Z&to=2026-11-22T00:00:00.000Z',
    });
    expect(backwards.json()).toMatchObject({ code: 7109 });
    expect(backwards.statusCode).toBe(400);
    const bad = await finance.call({ method: 'GET', url: 'funding/exchanges?from=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(await finance.call({ method: 'GET', url: 'funding/exchanges?uid=999999' }))).toBe(
      7010,
    );
    expect((await support.call({ method: 'GET', url: 'funding/exchanges' })).json()).toMatchObject({
      code: 403,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { financeMember } from './test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import {
  codeOf,
  data,
  FUND_PASSWORD,
  fundingUser,
  newKey,
  receivingAccount,
  staffPost,
  VISA,
  type FundingUser,
} from './test/api.js';

/** The user's and finance's paths through the real server, money checked at every step. */
describe('funding through the API', () => {
  let t: TestApp;
  const clock = testClock();
  let finance: StaffClient;
  let finance2: StaffClient;
  let alice: FundingUser;
  let mallory: FundingUser;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    finance = await signInStaff(t.app, 'fin-a', 'finance', clock.now);
    finance2 = await signInStaff(t.app, 'fin-b', 'finance', clock.now);
    alice = await fundingUser(t.app, t.database.db, 'alice');
    mallory = await fundingUser(t.app, t.database.db, 'mallory');
    accountId = await receivingAccount(finance);
  });
  afterAll(() => t.close());

  const balance = async (u: FundingUser) =>
    data<{
      money: { available: string; frozen: { withdrawHold: string } };
      usdt: { available: string };
    }>(await u.get('user/balance'));

  it('binds a card, masked, sealed at rest; replacing it needs the fund password', async () => {
    const bound = data<{ card: { cardMasked: string } }>(
      await alice.post('user/cashBind', {
        accountName: 'Alice Li',
        bankName: 'ICBC',
        cardNumber: VISA,
        branch: 'Pudong',
      }),
    );
    expect(bound.card.cardMasked).toBe('**** **** **** 1111');
    const stored = await t.database.db.execute<{ card_sealed: string }>(
      // The number itself is nowhere in the row.
      (await import('drizzle-orm'))
        .sql`select card_sealed from bank_card where user_id = ${alice.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(VISA);
    const again = {
      accountName: 'Alice Li',
      bankName: 'ICBC',
      cardNumber: '6222 0200 0000 0002',
      branch: 'Pudong',
    };
    expect(codeOf(await alice.post('user/cashBind', again))).toBe(5029);
    expect(codeOf(await alice.post('user/cashBind', { ...again, mpassword: '000000' }))).toBe(2006);
    data(await alice.post('user/cashBind', { ...again, mpassword: FUND_PASSWORD }));
    const info = data<{ card: { cardMasked: string } }>(await alice.get('user/cashInfo'));
    expect(info.card.cardMasked).toBe('**** **** **** 0002');
  });

  it('refuses bad cards with a localized error and keeps the bound one', async () => {
    const base = {
      accountName: 'Alice Li',
      bankName: 'ICBC',
      branch: 'Pudong',
      mpassword: FUND_PASSWORD,
    };
    // 4111111111111112 fails Luhn (sum 31); 3782 is American Express, which we do not pay to.
    expect(
      codeOf(await alice.post('user/cashBind', { ...base, cardNumber: '4111111111111112' })),
    ).toBe(5004);
    expect(
      codeOf(await alice.post('user/cashBind', { ...base, cardNumber: '378282246310005' })),
    ).toBe(1000);
    expect(
      codeOf(await alice.post('user/cashBind', { ...base, cardNumber: '3782822463100050' })),
    ).toBe(5005);
    const res = await alice.post('user/cashBind', { ...base, cardNumber: '12ab' }, undefined);
    expect(res.json()).toMatchObject({ code: 1000 });
    const info = data<{ card: { cardMasked: string } }>(await alice.get('user/cashInfo'));
    expect(info.card.cardMasked).toBe('**** **** **** 0002');
  });

  it('recharges by bank: pending, confirmed by finance, credited once, on the timeline', async () => {
    const config = data<{
      bank: { available: boolean; accounts: unknown[] };
      usdt: { available: boolean; unavailableReason: string };
    }>(await alice.get('user/recharge'));
    expect(config.bank.available).toBe(true);
    expect(config.usdt).toMatchObject({ available: false, unavailableReason: 'no_network' });
    const key = newKey();
    const body = { accountId, amount: '1000.00', payerName: 'Alice Li', reference: 'TX-0001' };
    const made = data<{ id: string; status: string }>(await alice.post('user/recharge', body, key));
    expect(made.status).toBe('pending');
    // A replay answers the same record; nothing new.
    expect(data<{ id: string }>(await alice.post('user/recharge', body, key)).id).toBe(made.id);
    // Not mallory's to see.
    expect(codeOf(await mallory.get(`user/rechargeDetail?id=${made.id}`))).toBe(5016);
    const confirmKey = newKey();
    data(await staffPost(finance, `funding/recharges/${made.id}/confirm`, {}, confirmKey));
    expect(codeOf(await staffPost(finance2, `funding/recharges/${made.id}/confirm`))).toBe(7101);
    expect((await balance(alice)).money.available).toBe('1000.00');
    const detail = data<{ status: string; timeline: { event: string }[] }>(
      await alice.get(`user/rechargeDetail?id=${made.id}`),
    );
    expect(detail.status).toBe('credited');
    expect(detail.timeline.map((e) => e.event)).toEqual(['submitted', 'confirmed']);
    const list = data<{ items: { id: string }[] }>(await alice.get('user/rechargeList'));
    expect(list.items.map((i) => i.id)).toEqual([made.id]);
  });

  it('pushes every change on the user’s funding channel, and the balance when money moved', async () => {
    const carol = await fundingUser(t.app, t.database.db, 'carol');
    const seen: unknown[] = [];
    const balances: unknown[] = [];
    const off = t.app.platform.bus.subscribe(`user.${carol.id}.funding`, (m) => seen.push(m));
    const offBalance = t.app.platform.bus.subscribe(`user.${carol.id}.balance`, (m) =>
      balances.push(m),
    );
    const made = data<{ id: string }>(
      await carol.post(
        'user/recharge',
        { accountId, amount: '100.00', payerName: 'Carol', reference: 'TX-PUSH' },
        newKey(),
      ),
    );
    data(await staffPost(finance, `funding/recharges/${made.id}/confirm`));
    off();
    offBalance();
    expect(seen).toMatchObject([
      { kind: 'recharge', id: made.id, status: 'pending' },
      { kind: 'recharge', id: made.id, status: 'credited' },
    ]);
    expect(balances).toEqual([{ currency: 'money' }]);
  });

  it('rejects a recharge with a localized reason; nothing is credited', async () => {
    const made = data<{ id: string }>(
      await alice.post(
        'user/recharge',
        { accountId, amount: '200.00', payerName: 'Alice Li', reference: 'TX-0002' },
        newKey(),
      ),
    );
    data(
      await staffPost(finance, `funding/recharges/${made.id}/reject`, {
        reason: 'payment_not_received',
      }),
    );
    const detail = await alice.get(`user/rechargeDetail?id=${made.id}&lang=zh-Hans`);
    const d = data<{ status: string; timeline: { reason: string | null }[] }>(detail);
    expect(d.status).toBe('rejected');
    expect(d.timeline.at(-1)?.reason).toBe('未收到款项');
    expect((await balance(alice)).money.available).toBe('1000.00');
  });

  it('withdraws: previewed fee, held at once, approved, paid; the fee goes to house fees', async () => {
    // 2.00 + 500.00 × 0.5% = 2.00 + 2.50 = 4.50; arrival 500.00 − 4.50 = 495.50.
    const preview = data<{ fee: string; actualArrival: string }>(
      await alice.get('user/withdrawPreview?currency=money&amount=500.00'),
    );
    expect(preview).toMatchObject({ fee: '4.50', actualArrival: '495.50' });
    const made = data<{ id: string; status: string; fee: string }>(
      await alice.post(
        'user/withdraw',
        { currency: 'money', amount: '500.00', mpassword: FUND_PASSWORD },
        newKey(),
      ),
    );
    expect(made).toMatchObject({ status: 'pending', fee: '4.50' });
    expect((await balance(alice)).money).toMatchObject({
      available: '500.00',
      frozen: { withdrawHold: '500.00' },
    });
    expect(
      codeOf(
        await staffPost(finance, `funding/withdrawals/${made.id}/paid`, { reference: 'BANK-1' }),
      ),
    ).toBe(7102);
    data(await staffPost(finance, `funding/withdrawals/${made.id}/approve`));
    // Approved: the user can no longer cancel.
    expect(codeOf(await alice.post('user/withdrawCancel', { id: made.id }, newKey()))).toBe(5022);
    data(await staffPost(finance2, `funding/withdrawals/${made.id}/paid`, { reference: 'BANK-1' }));
    const b = await balance(alice);
    expect(b.money).toMatchObject({ available: '500.00', frozen: { withdrawHold: '0.00' } });
    const detail = data<{ status: string; payoutReference: string; timeline: { event: string }[] }>(
      await alice.get(`user/withdrawDetail?id=${made.id}`),
    );
    expect(detail).toMatchObject({ status: 'paid', payoutReference: 'BANK-1' });
    expect(detail.timeline.map((e) => e.event)).toEqual(['submitted', 'approved', 'paid']);
    expect(codeOf(await mallory.get(`user/withdrawDetail?id=${made.id}`))).toBe(5017);
    expect(codeOf(await mallory.post('user/withdrawCancel', { id: made.id }, newKey()))).toBe(5017);
  });

  it('cancels a pending withdrawal: refunded once; a second cancel is refused', async () => {
    const made = data<{ id: string }>(
      await alice.post(
        'user/withdraw',
        { currency: 'money', amount: '100.00', mpassword: FUND_PASSWORD },
        newKey(),
      ),
    );
    expect((await balance(alice)).money.available).toBe('400.00');
    data(await alice.post('user/withdrawCancel', { id: made.id }, newKey()));
    expect(codeOf(await alice.post('user/withdrawCancel', { id: made.id }, newKey()))).toBe(5022);
    expect((await balance(alice)).money).toMatchObject({
      available: '500.00',
      frozen: { withdrawHold: '0.00' },
    });
  });

  it('refuses a third withdrawal in the operator’s day', async () => {
    // Two made above today; the default daily count is 3.
    data(
      await alice.post(
        'user/withdraw',
        { currency: 'money', amount: '100.00', mpassword: FUND_PASSWORD },
        newKey(),
      ),
    );
    const res = await alice.post(
      'user/withdraw',
      { currency: 'money', amount: '100.00', mpassword: FUND_PASSWORD },
      newKey(),
    );
    expect(codeOf(res)).toBe(5018);
    expect((await balance(alice)).money.available).toBe('400.00');
  });

  it('exchanges at a quote; refuses an expired or changed one', async () => {
    data(
      await finance.call({
        method: 'POST',
        url: 'funding/exchange-rate',
        payload: { rate: '7.250000', spreadBps: 50 },
      }),
    );
    // buy = 7.25 × 1.005 = 7.28625 (ceil to 6 dp: 7.286250); fee = 100.00 × 0.001 = 0.10;
    // receive = (100.00 − 0.10) ÷ 7.286250 = 13.710757… → floor → 13.710756? computed exactly below.
    const quote = data<{ quoteId: string; fee: string; rate: string; receive: string }>(
      await alice.get('user/exchangeQuote?from=money&amount=100.00'),
    );
    // 99.90 × 10^6 / 7.286250 = 13.710756... : 9990 × 10^10 / 7286250 = 13710756.56 → 13.710756
    expect(quote).toMatchObject({ fee: '0.10', rate: '7.286250', receive: '13.710756' });
    const done = data<{ receive: string }>(
      await alice.post(
        'user/exchange',
        { quoteId: quote.quoteId, from: 'money', amount: '100.00' },
        newKey(),
      ),
    );
    expect(done.receive).toBe('13.710756');
    const b = await balance(alice);
    expect(b.money.available).toBe('300.00');
    expect(b.usdt.available).toBe('13.710756');
    // Used once.
    expect(
      codeOf(
        await alice.post(
          'user/exchange',
          { quoteId: quote.quoteId, from: 'money', amount: '100.00' },
          newKey(),
        ),
      ),
    ).toBe(5026);
    const stale = data<{ quoteId: string }>(
      await alice.get('user/exchangeQuote?from=money&amount=10.00'),
    );
    clock.advance(31_000);
    expect(
      codeOf(
        await alice.post(
          'user/exchange',
          { quoteId: stale.quoteId, from: 'money', amount: '10.00' },
          newKey(),
        ),
      ),
    ).toBe(5026);
    const changed = data<{ quoteId: string }>(
      await alice.get('user/exchangeQuote?from=money&amount=10.00'),
    );
    data(
      await finance.call({
        method: 'POST',
        url: 'funding/exchange-rate',
        payload: { rate: '7.300000', spreadBps: 50 },
      }),
    );
    expect(
      codeOf(
        await alice.post(
          'user/exchange',
          { quoteId: changed.quoteId, from: 'money', amount: '10.00' },
          newKey(),
        ),
      ),
    ).toBe(5027);
    const list = data<{ items: unknown[] }>(await alice.post('user/exchangeList', {}));
    expect(list.items).toHaveLength(1);
    expect((await balance(alice)).money.available).toBe('300.00');
  });

  it('keeps every detail and cancel to its owner (BOLA)', async () => {
    const [exchange] = data<{ items: { id: string }[] }>(
      await alice.post('user/exchangeList', {}),
    ).items;
    expect(codeOf(await mallory.get(`user/exchangeDetail?id=${exchange?.id}`))).toBe(5028);
    expect(data<{ id: string }>(await alice.get(`user/exchangeDetail?id=${exchange?.id}`)).id).toBe(
      exchange?.id,
    );
    const [w] = data<{ items: { id: string }[] }>(await alice.get('user/withdrawList')).items;
    expect(codeOf(await mallory.post('user/withdrawCancel', { id: w?.id }, newKey()))).toBe(5017);
    expect(data<{ items: unknown[] }>(await mallory.get('user/withdrawList')).items).toEqual([]);
    expect(data<{ items: unknown[] }>(await mallory.get('user/rechargeList')).items).toEqual([]);
    // An address id of nobody's (no chain network here, so none exists at all).
    expect(codeOf(await mallory.post('user/withdrawAddressDelete', { id: '1' }))).toBe(5011);
  });

  it('needs two different approvers at or above the second-approval amount', async () => {
    await t.app.services.settings.set('fundingRules', {
      ...(await t.app.services.settings.get()).fundingRules,
      withdraw: {
        ...(await t.app.services.settings.get()).fundingRules.withdraw,
        dailyCount: 10,
        money: {
          ...(await t.app.services.settings.get()).fundingRules.withdraw.money,
          secondApprovalFrom: '200.00',
        },
      },
    });
    const made = data<{ id: string }>(
      await alice.post(
        'user/withdraw',
        { currency: 'money', amount: '200.00', mpassword: FUND_PASSWORD },
        newKey(),
      ),
    );
    const first = data<{ status: string; approvalsNeeded: number }>(
      await staffPost(finance, `funding/withdrawals/${made.id}/approve`),
    );
    expect(first).toMatchObject({ status: 'pending', approvalsNeeded: 2 });
    expect(codeOf(await staffPost(finance, `funding/withdrawals/${made.id}/approve`))).toBe(7103);
    expect(
      codeOf(
        await staffPost(finance2, `funding/withdrawals/${made.id}/paid`, { reference: 'BANK-2' }),
      ),
    ).toBe(7102);
    const second = data<{ status: string; approvals: unknown[] }>(
      await staffPost(finance2, `funding/withdrawals/${made.id}/approve`),
    );
    expect(second).toMatchObject({ status: 'approved' });
    expect(second.approvals).toHaveLength(2);
    data(
      await staffPost(finance, `funding/withdrawals/${made.id}/reject`, { reason: 'compliance' }),
    );
    const detail = data<{
      status: string;
      timeline: { event: string; reasonCode: string | null }[];
    }>(await alice.get(`user/withdrawDetail?id=${made.id}`));
    expect(detail.status).toBe('rejected');
    expect(detail.timeline.map((e) => e.event)).toEqual([
      'submitted',
      'approved',
      'second_approved',
      'rejected',
    ]);
    expect(detail.timeline.at(-1)?.reasonCode).toBe('compliance');
  });

  it('expires a pending bank recharge after its time (the expiry job)', async () => {
    const made = data<{ id: string; expiresAt: string }>(
      await alice.post(
        'user/recharge',
        { accountId, amount: '300.00', payerName: 'Alice Li', reference: 'TX-0003' },
        newKey(),
      ),
    );
    expect(await t.app.services.funding.rechargeReview.expireDue()).toBe(0);
    clock.advance(24 * 3600_000);
    expect(await t.app.services.funding.rechargeReview.expireDue()).toBe(1);
    const detail = data<{
      status: string;
      timeline: { event: string; reasonCode: string | null }[];
    }>(await alice.get(`user/rechargeDetail?id=${made.id}`));
    expect(detail.status).toBe('expired');
    expect(detail.timeline.at(-1)).toMatchObject({ event: 'expired', reasonCode: 'expired' });
    // Staff sessions have lapsed over the day: finance acts through the service.
    const late = await financeMember(t, 'late-fin');
    await expect(
      t.app.services.funding.rechargeReview.confirm(
        late,
        BigInt(made.id),
        undefined,
        newKey(),
        translator('en-US'),
      ),
    ).rejects.toThrow('FUNDING_ALREADY_DECIDED');
  });

  it('refuses outside the window and, when required, without an approved real name', async () => {
    const rules = (await t.app.services.settings.get()).fundingRules;
    // Now 16:00 at UTC+8 on the next day: a window that closed at 12:00.
    await t.app.services.settings.set('fundingRules', {
      ...rules,
      withdraw: { ...rules.withdraw, windowFrom: '09:00', windowTo: '12:00' },
    });
    const req = { currency: 'money', amount: '100.00', mpassword: FUND_PASSWORD };
    const res = await alice.post('user/withdraw', req, newKey());
    expect(res.json()).toMatchObject({ code: 5019, data: { from: '09:00', to: '12:00' } });
    await t.app.services.settings.set('fundingRules', {
      ...rules,
      withdraw: { ...rules.withdraw, realNameRequired: true },
    });
    // No KYC in this build: nobody has an approved name.
    expect(codeOf(await alice.post('user/withdraw', req, newKey()))).toBe(5020);
    await t.app.services.settings.set('fundingRules', rules);
  });

  it('answers bad amounts with a localized error and changes nothing', async () => {
    const before = await balance(alice);
    for (const amount of [
      '-1.00',
      '1.001',
      '1e3',
      '99999999999999999999',
      '',
      ' 1',
      '0x10',
      '1,000.00',
    ]) {
      const res = await alice.post(
        'user/withdraw',
        { currency: 'money', amount, mpassword: FUND_PASSWORD },
        newKey(),
      );
      expect([1000, 4006], `${amount}: ${res.body}`).toContain(codeOf(res));
      expect(res.statusCode).toBeLessThan(500);
    }
    const res = await alice.get('user/exchangeQuote?from=money&amount=1.001&lang=de');
    expect(res.json()).toMatchObject({
      code: 4006,
      msg: 'Bitte geben Sie einen gültigen Betrag ein',
    });
    expect(await balance(alice)).toEqual(before);
  });
});

import type { NotificationList, NotificationPush } from '@ampere/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { SERVER_MESSAGES } from '../../i18n/index.js';
import { creditFromEquity } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { creditDeposit } from '../funding/chain/credit.js';
import { detectedDeposit } from '../funding/chain/testing/setup.js';
import {
  data,
  FUND_PASSWORD,
  fundingUser,
  newKey,
  receivingAccount,
  staffPost,
  VISA,
  type FundingUser,
} from '../funding/test/api.js';
import { idNumber, realname } from '../kyc/testing.js';
import { uploadedId } from '../uploads/testing.js';

interface Env<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * The inbox through the real server on a real database: every event that writes a notification,
 * each once however often it is retried, read in the reader's language; the list, the count and
 * marking read; bad input. (Retention: notifications.retention.test.ts.)
 */
describe('notifications through the API', () => {
  let t: TestApp;
  // 08:00 UTC = 16:00 at UTC+8: inside the default withdrawal window.
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  const nowMs = () => clock.now().getTime();
  let finance: StaffClient;
  let finance2: StaffClient;
  let compliance: StaffClient;
  let risk: StaffClient;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { UPLOADS_PER_HOUR: '1000' } });
    finance = await signInStaff(t.app, 'inbox-fin-a', 'finance', clock.now);
    finance2 = await signInStaff(t.app, 'inbox-fin-b', 'finance', clock.now);
    compliance = await signInStaff(t.app, 'inbox-kyc', 'compliance', clock.now);
    risk = await signInStaff(t.app, 'inbox-risk', 'risk', clock.now);
  });
  afterAll(() => t.close());

  const user = (name: string) => fundingUser(t.app, t.database.db, `${name}${++seq}`);

  const call = async <T>(
    who: { token: string },
    url: string,
    opts: { lang?: string; method?: 'GET' | 'POST'; payload?: object } = {},
  ) =>
    (
      await t.app.inject({
        method: opts.method ?? 'GET',
        url: `/api/v1/${url}`,
        headers: {
          authorization: `Bearer ${who.token}`,
          ...(opts.lang ? { language: opts.lang } : {}),
        },
        ...(opts.payload ? { payload: opts.payload } : {}),
      })
    ).json<Env<T>>();
  const inbox = async (who: { token: string }, lang = 'en-US', query = 'limit=50') =>
    (await call<NotificationList>(who, `user/notifications?${query}`, { lang })).data;
  const unread = async (who: { token: string }) =>
    (await call<{ unread: number }>(who, 'user/notificationUnread')).data.unread;
  const markRead = (who: { token: string }, payload: Record<string, string>, lang = 'en-US') =>
    call<{ marked: number; unread: number }>(who, 'user/notificationRead', {
      method: 'POST',
      payload,
      lang,
    });
  /** What is stored: kinds, subjects and parameters — no text. */
  const stored = (userId: bigint) =>
    queryRows<{ kind: string; subject_id: string; params: Record<string, string> }>(
      t.database.db,
      sql`select kind, subject_id::text, params from notification
           where user_id = ${userId} order by id`,
    );
  const messages = (lang: keyof typeof SERVER_MESSAGES) => SERVER_MESSAGES[lang].notifications;

  // ---- Trading --------------------------------------------------------------------------------

  const tick = (price: bigint) => t.app.services.market.recordTick('BTC/USDT', nowMs(), price, 2);
  const buy = (who: { token: string }, body: Record<string, string | number>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy',
      headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': newKey() },
      payload: body,
    });
  const order = {
    symbol: 'BTC/USDT',
    direction: 'up',
    amount: '100.00',
    currency: 'money',
    period: 30,
  };

  it('order settled: one per real order, in the reader’s language, whatever settlement re-runs', async () => {
    const u = await user('trader');
    await creditFromEquity(t.database.db, u.id, 'money', 1_000_00n);
    const pushes: NotificationPush[] = [];
    t.app.platform.bus.subscribe(`user.${u.id}.inbox`, (p) => pushes.push(p));
    await tick(9_700_000n);
    const placed = await buy(u, order);
    expect(placed.json()).toMatchObject({ code: 0 });
    const orderId = placed.json<Env<{ id: string }>>().data.id;
    // A practice order settles in the same batch: play money is not news.
    const practice = await buy(u, {
      ...order,
      amount: '100.000000',
      currency: 'usdt',
      book: 'practice',
    });
    expect(practice.json()).toMatchObject({ code: 0 });
    clock.advance(29_000);
    await tick(9_800_000n); // inside the window: up wins
    clock.advance(2_000);
    await tick(9_800_000n); // after expiry: the exit is final
    // Two settlement passes at once, then another: the orders settle once, and so does the news.
    const settled = await Promise.all([
      t.app.services.trading.settleDue(),
      t.app.services.trading.settleDue(),
    ]);
    expect(settled[0] + settled[1]).toBe(2);
    expect(await t.app.services.trading.settleDue()).toBe(0);

    // Stored as facts: 100.00 × (1 + 0.80) = 180.00 came back.
    const won = {
      symbol: 'BTC/USDT',
      direction: 'up',
      currency: 'money',
      stake: '100.00',
      payout: '180.00',
      outcome: 'won',
    } as const;
    expect(await stored(u.id)).toEqual([
      { kind: 'order_settled', subject_id: orderId, params: won },
    ]);
    // The event written again (a replayed batch) is skipped by the unique key.
    const again = await t.database.db.transaction((tx) =>
      t.app.services.notifications.record(tx, [
        { kind: 'order_settled', userId: u.id, subjectId: BigInt(orderId), params: won },
      ]),
    );
    expect(again).toEqual([]);

    const en = await inbox(u);
    expect(en.unread).toBe(1);
    expect(en.items).toEqual([
      {
        id: expect.any(String) as string,
        kind: 'order_settled',
        subjectId: orderId,
        title: 'Order won',
        body: 'BTC/USDT Buy more, 100.00 CNY: you won. 180.00 CNY is back in your balance.',
        createdAt: '2026-11-21T08:00:31.000Z',
        read: false,
      },
    ]);
    // The same notification read in another language is written in that one.
    const zh = await inbox(u, 'zh-Hans');
    expect(zh.items[0]).toMatchObject({
      title: '订单盈利',
      body: 'BTC/USDT 买涨，100.00 CNY：订单盈利，180.00 CNY 已返还至您的余额。',
    });
    expect((await inbox(u, 'de')).items[0]?.title).toBe(messages('de').order_settled.won.title);
    // One push, after the commit, with the count and the item (no text).
    expect(pushes).toEqual([
      {
        unread: 1,
        item: {
          id: en.items[0]?.id,
          kind: 'order_settled',
          subjectId: orderId,
          createdAt: '2026-11-21T08:00:31.000Z',
        },
      },
    ]);
  });

  // ---- Funding --------------------------------------------------------------------------------

  it('recharge credited: once, though finance replays the confirmation and another tries again', async () => {
    const u = await user('recharger');
    const accountId = await receivingAccount(finance);
    const made = data<{ id: string }>(
      await u.post(
        'user/recharge',
        { accountId, amount: '1000.00', payerName: 'Alice Li', reference: 'TX-N1' },
        newKey(),
      ),
    );
    const key = newKey();
    data(await staffPost(finance, `funding/recharges/${made.id}/confirm`, {}, key));
    data(await staffPost(finance, `funding/recharges/${made.id}/confirm`, {}, key)); // replay
    const second = await staffPost(finance2, `funding/recharges/${made.id}/confirm`);
    expect(second.json()).toMatchObject({ code: 7101 });
    // A rejected one moved no money and is not news.
    const refused = data<{ id: string }>(
      await u.post(
        'user/recharge',
        { accountId, amount: '150.00', payerName: 'Alice Li', reference: 'TX-N2' },
        newKey(),
      ),
    );
    data(
      await staffPost(finance, `funding/recharges/${refused.id}/reject`, {
        reason: 'payment_not_received',
      }),
    );
    expect(await stored(u.id)).toEqual([
      {
        kind: 'recharge_credited',
        subject_id: made.id,
        params: { currency: 'money', amount: '1000.00' },
      },
    ]);
    expect((await inbox(u, 'ja')).items[0]).toMatchObject({
      kind: 'recharge_credited',
      subjectId: made.id,
      title: '入金が反映されました',
      body: '銀行振込による入金 1000.00 CNY が残高に反映されました。',
    });
  });

  it('USDT deposit credited: once, though two watchers credit it at once and again after', async () => {
    const u = await user('depositor');
    const { id, deps } = await detectedDeposit(t, {
      userId: u.id,
      amountMinor: 25_500_000n, // 25.500000 USDT
      mark: 'ab',
      now: clock.now,
    });
    const credited = await Promise.all([creditDeposit(deps, id), creditDeposit(deps, id)]);
    expect(credited.filter(Boolean)).toHaveLength(1);
    expect(await creditDeposit(deps, id)).toBe(false);
    expect(await stored(u.id)).toEqual([
      {
        kind: 'deposit_credited',
        subject_id: String(id),
        params: { currency: 'usdt', amount: '25.500000' },
      },
    ]);
    expect((await inbox(u, 'ru')).items[0]).toMatchObject({
      title: 'Депозит USDT зачислен',
      body: '25.500000 USDT с вашего депозита USDT зачислено на баланс.',
    });
  });

  it('withdrawals: approved once every approval is in, paid, rejected with its reason — each once', async () => {
    const settings = await t.app.services.settings.get();
    await t.app.services.settings.set('fundingRules', {
      ...settings.fundingRules,
      withdraw: {
        ...settings.fundingRules.withdraw,
        money: { ...settings.fundingRules.withdraw.money, secondApprovalFrom: '200.00' },
      },
    });
    const u = await user('withdrawer');
    await creditFromEquity(t.database.db, u.id, 'money', 1_000_00n);
    data(
      await u.post('user/cashBind', {
        accountName: 'Wang Wu',
        bankName: 'ICBC',
        cardNumber: VISA,
        branch: 'Pudong',
      }),
    );
    const withdraw = async (amount: string) =>
      data<{ id: string; fee: string }>(
        await u.post(
          'user/withdraw',
          { currency: 'money', amount, mpassword: FUND_PASSWORD },
          newKey(),
        ),
      );

    // 300.00 needs two approvals: the user hears of it after the second.
    const big = await withdraw('300.00');
    data(await staffPost(finance, `funding/withdrawals/${big.id}/approve`));
    expect(await stored(u.id)).toEqual([]);
    const approveKey = newKey();
    data(await staffPost(finance2, `funding/withdrawals/${big.id}/approve`, {}, approveKey));
    data(await staffPost(finance2, `funding/withdrawals/${big.id}/approve`, {}, approveKey));
    expect(
      (await staffPost(finance2, `funding/withdrawals/${big.id}/approve`)).json(),
    ).toMatchObject({ code: 7101 });
    const paidKey = newKey();
    const paid = { reference: 'BANK-N1' };
    data(await staffPost(finance, `funding/withdrawals/${big.id}/paid`, paid, paidKey));
    data(await staffPost(finance, `funding/withdrawals/${big.id}/paid`, paid, paidKey));

    // 100.00: rejected, the reason written in the reader's language.
    const small = await withdraw('100.00');
    const rejectKey = newKey();
    const reason = { reason: 'account_details_wrong' };
    data(await staffPost(finance, `funding/withdrawals/${small.id}/reject`, reason, rejectKey));
    data(await staffPost(finance, `funding/withdrawals/${small.id}/reject`, reason, rejectKey));
    expect(
      (await staffPost(finance2, `funding/withdrawals/${small.id}/reject`, reason)).json(),
    ).toMatchObject({ code: 7101 });

    // Fee 2.00 + 300.00 × 0.5 % = 3.50; 300.00 − 3.50 = 296.50 sent.
    expect(big.fee).toBe('3.50');
    expect(await stored(u.id)).toEqual([
      {
        kind: 'withdrawal_approved',
        subject_id: big.id,
        params: { currency: 'money', amount: '300.00' },
      },
      {
        kind: 'withdrawal_paid',
        subject_id: big.id,
        params: { currency: 'money', amount: '300.00', arrival: '296.50' },
      },
      {
        kind: 'withdrawal_rejected',
        subject_id: small.id,
        params: { currency: 'money', amount: '100.00', reason: 'account_details_wrong' },
      },
    ]);
    const en = await inbox(u);
    expect(en.items.map((i) => [i.title, i.body])).toEqual([
      [
        'Withdrawal rejected',
        'Your withdrawal of 100.00 CNY was rejected (The account details are wrong). The amount is back in your balance.',
      ],
      [
        'Withdrawal paid',
        'Your withdrawal of 300.00 CNY was paid out: 296.50 CNY sent after the fee.',
      ],
      [
        'Withdrawal approved',
        'Your withdrawal of 300.00 CNY was approved and will be paid out soon.',
      ],
    ]);
    expect((await inbox(u, 'fr')).items[0]?.body).toBe(
      'Votre retrait de 100.00 CNY a été refusé (' +
        SERVER_MESSAGES.fr.funding.reasons.account_details_wrong +
        '). Le montant a été recrédité sur votre solde.',
    );
    await t.app.services.settings.set('fundingRules', settings.fundingRules);
  });

  // ---- KYC ------------------------------------------------------------------------------------

  it('verification decided: declined, then approved after re-sending — one per decision', async () => {
    const u = await user('verifier');
    const [front, back] = [
      await uploadedId(t.app, u.token, 71),
      await uploadedId(t.app, u.token, 72),
    ];
    const sent = await realname(t.app, u.token, {
      name: '王五',
      idcard: idNumber(7),
      front,
      contrary: back,
    });
    expect(sent.json()).toMatchObject({ code: 0 });
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id::text from kyc_verification where user_id = ${u.id}`,
    );
    const caseId = row?.id ?? '';
    const decide = (payload: object) =>
      compliance.call({ method: 'POST', url: `kyc/cases/${caseId}/decide`, payload });
    const claim = () =>
      compliance.call({ method: 'POST', url: `kyc/cases/${caseId}/claim`, payload: {} });
    expect((await claim()).json()).toMatchObject({ code: 0 });
    expect(
      (await decide({ front: 'approve', back: 'decline', backReason: 'blurry' })).json(),
    ).toMatchObject({ code: 0 });
    // Deciding again: the case is no longer under review; nothing new.
    expect((await decide({ front: 'approve', back: 'approve' })).json()).toMatchObject({
      code: 7201,
    });
    const back2 = await uploadedId(t.app, u.token, 73);
    expect((await realname(t.app, u.token, { contrary: back2 })).json()).toMatchObject({
      code: 0,
    });
    expect((await claim()).json()).toMatchObject({ code: 0 });
    expect((await decide({ back: 'approve' })).json()).toMatchObject({ code: 0 });

    expect(await stored(u.id)).toEqual([
      { kind: 'kyc_declined', subject_id: '1', params: {} },
      { kind: 'kyc_approved', subject_id: '2', params: {} },
    ]);
    const ko = await inbox(u, 'ko');
    expect(ko.items.map((i) => i.title)).toEqual([
      messages('ko').kyc_approved.title,
      messages('ko').kyc_declined.title,
    ]);
    expect(ko.items[0]).toMatchObject({ title: '실명 인증 승인', subjectId: '2' });
  });

  // ---- The inbox --------------------------------------------------------------------------------

  /** A user with `n` notifications (recharges credited directly through the service). */
  async function withNotifications(name: string, n: number): Promise<FundingUser> {
    const u = await user(name);
    const written = await t.database.db.transaction((tx) =>
      t.app.services.notifications.record(
        tx,
        Array.from({ length: n }, (_, i) => ({
          kind: 'recharge_credited' as const,
          userId: u.id,
          subjectId: BigInt(9_000 + i),
          params: { currency: 'money' as const, amount: `${i + 1}.00` },
        })),
      ),
    );
    expect(written).toHaveLength(n);
    return u;
  }

  it('pages newest first; marks read by id and all up to an id; counts what is left', async () => {
    const u = await withNotifications('reader', 5);
    const first = await inbox(u, 'en-US', 'limit=2');
    expect(first.unread).toBe(5);
    expect(first.items.map((i) => i.body)).toEqual([
      '5.00 CNY from your bank recharge is in your balance.',
      '4.00 CNY from your bank recharge is in your balance.',
    ]);
    expect(first.nextCursor).toBe(first.items[1]?.id);
    const rest = await inbox(u, 'en-US', `limit=2&cursor=${first.nextCursor ?? ''}`);
    expect(rest.items.map((i) => i.subjectId)).toEqual(['9002', '9001']);
    const last = await inbox(u, 'en-US', `limit=2&cursor=${rest.nextCursor ?? ''}`);
    expect(last.items.map((i) => i.subjectId)).toEqual(['9000']);
    expect(last.nextCursor).toBeNull();

    const pushes: NotificationPush[] = [];
    t.app.platform.bus.subscribe(`user.${u.id}.inbox`, (p) => pushes.push(p));
    const newest = first.items[0]?.id ?? '';
    // Reading one (twice, and a repeated id): marked once.
    expect(await markRead(u, { ids: `${newest},${newest}` })).toMatchObject({
      code: 0,
      data: { marked: 1, unread: 4 },
    });
    expect((await markRead(u, { ids: newest })).data).toEqual({ marked: 0, unread: 4 });
    expect((await inbox(u)).items[0]).toMatchObject({ id: newest, read: true });
    // "Mark all read" up to the newest id the app showed: what came after it stays unread.
    const shown = rest.items[1]?.id ?? ''; // subject 9001
    expect((await markRead(u, { ids: 'all', upTo: shown })).data).toEqual({
      marked: 2, // 9001 and 9000
      unread: 2, // 9003 and 9002
    });
    expect((await inbox(u)).items.map((i) => [i.subjectId, i.read])).toEqual([
      ['9004', true],
      ['9003', false],
      ['9002', false],
      ['9001', true],
      ['9000', true],
    ]);
    expect(await unread(u)).toBe(2);
    expect((await markRead(u, { ids: 'all' })).data).toEqual({ marked: 2, unread: 0 });
    expect((await markRead(u, { ids: 'all' })).data).toEqual({ marked: 0, unread: 0 });
    expect((await inbox(u)).items.every((i) => i.read)).toBe(true);
    // Each read that changed something told the user's other devices the new count.
    expect(pushes).toEqual([{ unread: 4 }, { unread: 2 }, { unread: 0 }]);
  });

  it('ignores another user’s ids: they stay unread, and nobody else’s count moves', async () => {
    const alice = await withNotifications('alice', 2);
    const mallory = await withNotifications('mallory', 1);
    const ids = (await inbox(alice)).items.map((i) => i.id);
    expect((await markRead(mallory, { ids: ids.join(',') })).data).toEqual({
      marked: 0,
      unread: 1,
    });
    // "All" is all of the caller's own.
    expect((await markRead(mallory, { ids: 'all' })).data).toEqual({ marked: 1, unread: 0 });
    expect(await unread(alice)).toBe(2);
    // Nor can they be read: the list is the caller's own.
    expect((await inbox(mallory)).items.map((i) => i.id)).not.toContain(ids[0]);
  });

  it('counts unread up to 100 (the badge shows 99+ long before)', async () => {
    const u = await withNotifications('busy', 120);
    expect(await unread(u)).toBe(100);
    expect((await inbox(u, 'en-US', 'limit=1')).unread).toBe(100);
    expect((await markRead(u, { ids: 'all' })).data).toEqual({ marked: 120, unread: 0 });
  });

  it('answers bad input with the envelope and a localized message; no session is 401', async () => {
    const u = await withNotifications('careless', 1);
    const cases: [string, 'GET' | 'POST', object | undefined][] = [
      ['user/notifications?limit=0', 'GET', undefined],
      ['user/notifications?limit=51', 'GET', undefined],
      ['user/notifications?cursor=-1', 'GET', undefined],
      ['user/notifications?cursor=99999999999999999999', 'GET', undefined],
      ['user/notifications?page=2', 'GET', undefined],
      ['user/notificationRead', 'POST', { ids: 'abc' }],
      ['user/notificationRead', 'POST', { ids: '' }],
      ['user/notificationRead', 'POST', { ids: '1,,2' }],
      [
        'user/notificationRead',
        'POST',
        { ids: Array.from({ length: 51 }, (_, i) => i + 1).join(',') },
      ],
      ['user/notificationRead', 'POST', { ids: 'all', upTo: 'latest' }],
      ['user/notificationRead', 'POST', { ids: '1', extra: 'x' }],
      ['user/notificationRead', 'POST', {}],
    ];
    for (const [url, method, payload] of cases) {
      const res = await t.app.inject({
        method,
        url: `/api/v1/${url}`,
        headers: { authorization: `Bearer ${u.token}`, language: 'zh-Hans' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBeLessThan(500);
      const body = res.json<Env<unknown>>();
      expect(body, `${url} ${JSON.stringify(payload)}`).toMatchObject({ code: 1000 });
      // In the caller's language: no Latin-only English sentence.
      expect(body.msg, url).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await unread(u)).toBe(1);
    for (const [url, method] of [
      ['user/notifications', 'GET'],
      ['user/notificationUnread', 'GET'],
      ['user/notificationRead', 'POST'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/v1/${url}`, payload: { ids: '1' } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json<Env<unknown>>().code, url).toBe(401);
    }
  });

  // ---- Earn (last: it moves the clock on by days) ---------------------------------------------

  it('Earn matured: once, on the order’s last day, with the principal and every day’s interest', async () => {
    const made = await risk.call({
      method: 'POST',
      url: 'earn/products',
      payload: {
        names: { 'en-US': 'Steady 2' },
        descriptions: { 'en-US': 'Two days' },
        currency: 'money',
        dailyRate: '0.0015',
        cycleDays: 2,
        min: '100.00',
        max: '5000.00',
        userQuota: '8000.00',
        totalQuota: null,
        penaltyRate: '0.05',
        saleStartsAt: null,
        saleEndsAt: null,
        status: 'active',
        sortOrder: 1,
      },
    });
    const productId = made.json<Env<{ id: string }>>().data.id;
    const u = await user('saver');
    await creditFromEquity(t.database.db, u.id, 'money', 10_000_00n);
    const bought = await u.post(
      'user/earnBuy',
      { productId, amount: '1000.00', password: FUND_PASSWORD },
      newKey(),
    );
    const orderId = data<{ id: string }>(bought).id;
    const drain = () => t.app.services.earn.drainDue({ batch: 10 });
    // Day 1 (16:00 UTC, midnight at UTC+8): interest only. 1000.00 × 0.0015 = 1.50.
    clock.advance(8 * 3_600_000 + 1);
    expect(await drain()).toBe(1);
    expect(await stored(u.id)).toEqual([]);
    // Day 2, the last: the principal back and the day's 1.50; 1.50 + 1.50 = 3.00 interest.
    clock.advance(24 * 3_600_000);
    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    expect(await stored(u.id)).toEqual([
      {
        kind: 'earn_matured',
        subject_id: orderId,
        params: { currency: 'money', principal: '1000.00', interest: '3.00' },
      },
    ]);
    // The session idled out over two days: sign in again to read it.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: `saver${seq}`, password: 'Secret123' },
    });
    const token = login.json<Env<{ token: string }>>().data.token;
    expect((await inbox({ token }, 'pt')).items[0]).toMatchObject({
      kind: 'earn_matured',
      subjectId: orderId,
      title: 'Aplicação vencida',
      body: 'Sua aplicação de 1000.00 CNY terminou: o principal e 3.00 CNY de juros estão no seu saldo.',
    });
  });
});

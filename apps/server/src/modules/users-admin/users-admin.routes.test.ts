import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { creditFromEquity, signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { uidPrefixRanges } from '../auth/users-admin.repository.js';

describe('back office: users', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  /** users.read, users.manage, users.level */
  let support: StaffClient;
  /** users.read, users.manage */
  let compliance: StaffClient;
  /** users.read only */
  let risk: StaffClient;
  /** no users.* at all */
  let owner: StaffClient;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    support = await signInStaff(t.app, 'sam', 'support', clock.now);
    compliance = await signInStaff(t.app, 'cora', 'compliance', clock.now);
    risk = await signInStaff(t.app, 'rita', 'risk', clock.now);
    owner = await signInStaff(t.app, 'olga', 'owner', clock.now);
  });
  afterAll(() => t.close());

  let seq = 0;
  /** A signed-up user (password Secret123), optionally referred by an invite code. */
  async function user(name = `user${++seq}x`, inviteCode?: string) {
    if (inviteCode) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: {
          username: name,
          password: 'Secret123',
          repassword: 'Secret123',
          invite_code: inviteCode,
        },
      });
      expect(res.json().code).toBe(0);
    } else {
      await signUpThroughApi(t.app, t.database.db, name);
    }
    const row = await t.app.services.auth.users.findByUsername(name);
    if (!row) throw new Error(`${name} missing`);
    const token = await login(name);
    return { row, uid: row.uid.toString(), token: (token.json().data as { token: string }).token };
  }

  const login = (username: string, password = 'Secret123') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login?lang=en-US',
      payload: { username, password },
    });
  const asUser = (token: string, url: string) =>
    t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const get = (who: StaffClient, url: string) => who.call({ method: 'GET', url });
  const post = (who: StaffClient, url: string, payload: object = {}) =>
    who.call({ method: 'POST', url, payload });

  const auditOf = (uid: string) =>
    queryRows<{ actor: string; action: string; detail: Record<string, unknown> }>(
      t.database.db,
      sql`select actor, action, detail from audit_log where subject = ${`user:${uid}`} order by id`,
    );

  it('finds users by uid, username or invite code, exact or by prefix, a page at a time', async () => {
    const a = await user('searchalpha');
    const b = await user('searchbeta');
    const c = await user('Search_Gamma');
    const uids = (res: { json(): { data: { items: { uid: string }[] } } }) =>
      res.json().data.items.map((i) => i.uid);

    expect(uids(await get(support, `users?q=${a.uid}&match=exact`))).toEqual([a.uid]);
    expect(uids(await get(support, `users?q=${a.uid.slice(0, 8)}`))).toContain(a.uid);
    // Case-insensitive; newest first; `_` is a literal character, not a wildcard.
    expect(uids(await get(support, 'users?q=SEARCH'))).toEqual([c.uid, b.uid, a.uid]);
    expect(uids(await get(support, 'users?q=search_'))).toEqual([c.uid]);
    expect(uids(await get(support, 'users?q=searchbeta&match=exact&by=username'))).toEqual([b.uid]);
    const code = b.row.inviteCode.toLowerCase();
    expect(uids(await get(support, `users?q=${code}&match=exact`))).toEqual([b.uid]);
    expect(uids(await get(support, `users?q=${code.slice(0, 5)}&by=inviteCode`))).toContain(b.uid);
    // A name is no uid: searching uids for letters finds nobody (rather than everybody).
    expect(uids(await get(support, 'users?q=searchalpha&by=uid'))).toEqual([]);

    const first = (await get(support, 'users?q=search&limit=2')).json().data;
    expect(first.items.map((i: { uid: string }) => i.uid)).toEqual([c.uid, b.uid]);
    expect(first.nextCursor).toBe(b.uid);
    const second = (await get(support, `users?q=search&limit=2&cursor=${first.nextCursor}`)).json()
      .data;
    expect(second).toMatchObject({ items: [{ uid: a.uid }], nextCursor: null });

    expect(first.items[0]).toEqual({
      uid: c.uid,
      username: 'Search_Gamma',
      status: 'active',
      level: 0,
      levelName: 'ordinary',
      inviteCode: c.row.inviteCode,
      createdAt: expect.any(String),
    });
  });

  it('turns a uid prefix into index ranges, one per length, within int8', () => {
    expect(uidPrefixRanges('12')[0]).toEqual([12n, 12n]);
    expect(uidPrefixRanges('12')[1]).toEqual([120n, 129n]);
    expect(uidPrefixRanges('12')[6]).toEqual([12_000_000n, 12_999_999n]);
    expect(uidPrefixRanges('9').at(-1)).toEqual([
      9_000_000_000_000_000_000n,
      9_223_372_036_854_775_807n,
    ]);
    expect(uidPrefixRanges('9223372036854775807')).toEqual([
      [9_223_372_036_854_775_807n, 9_223_372_036_854_775_807n],
    ]);
    expect(uidPrefixRanges('9223372036854775808')).toEqual([]);
    expect(uidPrefixRanges('0')).toEqual([]);
    expect(uidPrefixRanges('12a')).toEqual([]);
  });

  it('shows a user: profile, balances per currency and purpose, referrer and referrals', async () => {
    const ref = await user('referrer1');
    const invited = await user('invited1', ref.row.inviteCode);
    await creditFromEquity(t.database.db, ref.row.id, 'money', 1234_50n);
    await creditFromEquity(t.database.db, ref.row.id, 'usdt', 1_000001n);

    const detail = (await get(support, `users/${ref.uid}`)).json();
    expect(detail).toMatchObject({
      code: 0,
      data: {
        user: {
          uid: ref.uid,
          username: 'referrer1',
          status: 'active',
          level: 0,
          levelName: 'ordinary',
          referrer: null,
          fundPasswordSet: false,
          creditScore: 100,
          levelFloor: 0,
        },
        balances: {
          money: {
            available: '1234.50',
            frozen: { total: '0.00', inOrder: '0.00', withdrawHold: '0.00', earnPrincipal: '0.00' },
            total: '1234.50',
          },
          usdt: { available: '1.000001' },
        },
        counts: { referrals: 1 },
      },
    });
    expect((await get(risk, `users/${invited.uid}`)).json().data.user.referrer).toEqual({
      uid: ref.uid,
      username: 'referrer1',
    });
    const referrals = (await get(support, `users/${ref.uid}/referrals`)).json().data;
    expect(referrals).toMatchObject({ items: [{ uid: invited.uid }], nextCursor: null });
  });

  it("reads a user's statement, orders and sign-ins", async () => {
    const u = await user('reader1');
    await creditFromEquity(t.database.db, u.row.id, 'money', 500_00n);
    await creditFromEquity(t.database.db, u.row.id, 'money', 1_00n);
    const page = (await get(support, `users/${u.uid}/statement?limit=1&lang=en-US`)).json().data;
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'adjustment_credit',
        amount: '1.00',
        balanceAfter: '501.00',
      }),
    ]);
    const older = (
      await get(support, `users/${u.uid}/statement?limit=1&cursor=${page.nextCursor}`)
    ).json().data;
    expect(older.items[0]).toMatchObject({ amount: '500.00', balanceAfter: '500.00' });

    await t.app.services.market.recordTick('BTC/USDT', clock.now().getTime(), 9_712_345n, 2);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/buy',
      headers: { authorization: `Bearer ${u.token}`, 'idempotency-key': 'users-admin-order-1' },
      payload: {
        symbol: 'BTC/USDT',
        direction: 'up',
        amount: '100.00',
        currency: 'money',
        period: 30,
      },
    });
    expect(bought.json().code).toBe(0);
    const orders = (await get(support, `users/${u.uid}/orders`)).json().data;
    expect(orders).toMatchObject({
      items: [{ symbol: 'BTC/USDT', status: 'open', amount: '100.00' }],
      nextCursor: null,
    });
    expect((await get(support, `users/${u.uid}/orders?status=won`)).json().data.items).toEqual([]);

    expect((await login('reader1', 'wrong-pass1')).json().code).toBe(2001);
    const logins = (await get(support, `users/${u.uid}/logins`)).json().data.items;
    expect(logins[0]).toMatchObject({ success: false });
    expect(logins.filter((l: { success: boolean }) => l.success).length).toBeGreaterThanOrEqual(1);
  });

  it('disables an account at once (sessions end, sign-in refused) and enables it again', async () => {
    const u = await user('disableme');
    expect((await asUser(u.token, '/api/v1/user/home')).statusCode).toBe(200);

    const off = await post(compliance, `users/${u.uid}/status`, {
      status: 'disabled',
      reason: 'ticket 5512',
    });
    expect(off.json()).toMatchObject({ code: 0, data: { uid: u.uid, status: 'disabled' } });
    // Every session ended; the old token is told why and where to go (SPEC §4, Black_run).
    const refused = await asUser(u.token, '/api/v1/user/home');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 2004, data: { redirect: expect.any(String) } });
    expect((await login('disableme')).json().code).toBe(2004);

    const on = await post(support, `users/${u.uid}/status`, { status: 'active' });
    expect(on.json()).toMatchObject({ code: 0, data: { status: 'active' } });
    expect((await login('disableme')).json().code).toBe(0);
    // The old token stays ended: enabling opens no session.
    expect((await asUser(u.token, '/api/v1/user/home')).statusCode).toBe(401);

    const audit = await auditOf(u.uid);
    expect(audit).toEqual([
      {
        actor: 'staff:cora',
        action: 'users.disabled',
        detail: expect.objectContaining({
          before: { status: 'active' },
          after: { status: 'disabled' },
          reason: 'ticket 5512',
          role: 'compliance',
        }),
      },
      {
        actor: 'staff:sam',
        action: 'users.enabled',
        detail: expect.objectContaining({
          before: { status: 'disabled' },
          after: { status: 'active' },
        }),
      },
    ]);
  });

  it('resets a password: the temporary one works, the old one and every session do not', async () => {
    const u = await user('forgetful');
    const res = await post(support, `users/${u.uid}/password-reset`, {
      reason: 'verified by phone',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const { temporaryPassword } = res.json().data as { temporaryPassword: string };
    expect(temporaryPassword).toMatch(
      /^[A-Za-z][A-Za-z2-9]{3}-[A-Za-z2-9]{4}-[A-Za-z2-9]{3}[2-9]$/,
    );

    expect((await asUser(u.token, '/api/v1/user/home')).statusCode).toBe(401);
    expect((await login('forgetful')).json().code).toBe(2001);
    expect((await login('forgetful', temporaryPassword)).json().code).toBe(0);

    const events = await queryRows<{ kind: string; detail: { by: string } }>(
      t.database.db,
      sql`select kind, detail from security_event where user_id = ${u.row.id} and kind = 'password_reset_by_staff'`,
    );
    expect(events).toEqual([{ kind: 'password_reset_by_staff', detail: { by: 'staff:sam' } }]);
    const audit = await auditOf(u.uid);
    expect(audit.map((a) => a.action)).toEqual(['users.password_reset']);
    expect(JSON.stringify(audit)).not.toContain(temporaryPassword);
  });

  it("sets the member level: staff's level is a floor", async () => {
    const u = await user('climber');
    const res = await post(support, `users/${u.uid}/level`, { level: 3 });
    expect(res.json()).toMatchObject({ code: 0, data: { level: 3, levelName: 'premium' } });
    const home = (await asUser(u.token, '/api/v1/user/home')).json();
    expect(home.data.user.level).toBe('premium');
    // The back office's view shows the floor staff set.
    expect((await get(support, `users/${u.uid}`)).json().data.user).toMatchObject({
      level: 3,
      levelFloor: 3,
    });
    expect(await auditOf(u.uid)).toEqual([
      expect.objectContaining({
        action: 'users.level_changed',
        detail: expect.objectContaining({
          before: { level: 0, levelName: 'ordinary', floor: 0 },
          after: { level: 3, levelName: 'premium', floor: 3 },
        }),
      }),
    ]);
    expect((await post(support, `users/${u.uid}/level`, { level: 4 })).json().code).toBe(1000);
  });

  it('needs the permission of each action', async () => {
    const u = await user('guarded');
    expect((await get(owner, 'users')).json().code).toBe(403);
    expect((await post(risk, `users/${u.uid}/status`, { status: 'disabled' })).json().code).toBe(
      403,
    );
    expect((await post(risk, `users/${u.uid}/password-reset`)).json().code).toBe(403);
    expect((await post(compliance, `users/${u.uid}/level`, { level: 1 })).json().code).toBe(403);
    expect((await get(risk, `users/${u.uid}`)).json().code).toBe(0);
    expect(await auditOf(u.uid)).toEqual([]);
    expect((await login('guarded')).json().code).toBe(0);
  });

  it('refuses bad ids and cursors (1000) and unknown users (7010)', async () => {
    for (const url of [
      'users/abc',
      'users/0',
      'users/-5',
      'users/99999999999999999999',
      'users?cursor=x1',
      'users?limit=0',
      'users?limit=101',
      'users?match=fuzzy',
      'users?q=%00',
      'users/12345678/orders?cursor=0',
      'users/12345678/referrals?cursor=1.5',
      'users/12345678/statement?cursor=-1',
    ])
      expect((await get(support, url)).json().code, url).toBe(1000);
    expect((await get(support, 'users?unknown=1')).json().code).toBe(1000);
    const missing = '100000000';
    for (const path of ['', '/statement', '/orders', '/logins', '/referrals'])
      expect((await get(support, `users/${missing}${path}?lang=en-US`)).json(), path).toMatchObject(
        {
          code: 7010,
        },
      );
    expect((await post(support, `users/${missing}/level`, { level: 1 })).json().code).toBe(7010);
    expect(
      (await post(support, `users/${missing}/status`, { status: 'disabled' })).json().code,
    ).toBe(7010);
    expect((await post(support, `users/${missing}/password-reset`)).json().code).toBe(7010);
    expect(
      (
        await post(support, 'users/12345678/status', { status: 'disabled', reason: 'a\u0000b' })
      ).json().code,
    ).toBe(1000);
    expect((await get(support, 'users?q=9223372036854775807')).json()).toMatchObject({
      code: 0,
      data: { items: [] },
    });
    expect((await post(support, 'users/12345678/status', { status: 'gone' })).json().code).toBe(
      1000,
    );
  });
});

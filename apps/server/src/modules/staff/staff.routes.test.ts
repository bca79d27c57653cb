import { CSRF_HEADER, STAFF_SESSION_COOKIE } from '@ampere/contract/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { sessionCookie, signInStaff, staffUrl, totpCode } from '../../test/staff.js';

describe('staff sign-in and sessions', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: staffUrl(url), payload, headers });

  async function created(username: string) {
    return t.app.services.staff.createFromCli({ actor: 'ops:test' }, username, 'owner');
  }

  it('enrols TOTP at the first sign-in and asks for a code at every one after', async () => {
    const { oneTimePassword } = await created('alice');
    const first = await post('auth/password', { username: 'alice', password: oneTimePassword });
    expect(first.json()).toMatchObject({
      code: 0,
      data: { enrolment: { secret: expect.any(String) } },
    });
    const { challenge, enrolment } = first.json().data;
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Ampere:alice\?secret=/);
    // A reload before the code shows the same secret, not a new one.
    const again = await post('auth/password', { username: 'alice', password: oneTimePassword });
    expect(again.json().data.enrolment.secret).toBe(enrolment.secret);

    const wrong = await post('auth/code?lang=en-US', { challenge, code: '000000' });
    expect(wrong.json()).toMatchObject({ code: 7001 });
    expect(wrong.cookies).toHaveLength(0);
    const code = await totpCode(enrolment.secret, clock.now());
    const ok = await post('auth/code', { challenge, code });
    expect(ok.json()).toMatchObject({
      code: 0,
      data: { staff: { username: 'alice', role: 'owner', mustChangePassword: true } },
    });
    const cookie = ok.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/' });

    // The same code again (a replay) opens nothing, even with a fresh challenge.
    const next = await post('auth/password', { username: 'alice', password: oneTimePassword });
    expect(next.json().data.enrolment).toBeNull();
    const replay = await post('auth/code', { challenge: next.json().data.challenge, code });
    expect(replay.json()).toMatchObject({ code: 7001 });
    // A challenge is used once.
    expect((await post('auth/code', { challenge, code })).json()).toMatchObject({ code: 7002 });
  });

  it('expires a challenge after five minutes and after five wrong codes', async () => {
    const { oneTimePassword } = await created('bob');
    const step = async () =>
      (await post('auth/password', { username: 'bob', password: oneTimePassword })).json<{
        data: { challenge: string; enrolment: { secret: string } };
      }>().data;
    const late = await step();
    clock.advance(5 * 60_000 + 1);
    const lateCode = await totpCode(late.enrolment.secret, clock.now());
    expect(
      (await post('auth/code', { challenge: late.challenge, code: lateCode })).json(),
    ).toMatchObject({ code: 7002 });
    const guessed = await step();
    for (let i = 0; i < 5; i++)
      expect(
        (await post('auth/code', { challenge: guessed.challenge, code: `12345${i}` })).json(),
      ).toMatchObject({ code: 7001 });
    const right = await totpCode(guessed.enrolment.secret, clock.now());
    expect(
      (await post('auth/code', { challenge: guessed.challenge, code: right })).json(),
    ).toMatchObject({ code: 7002 });
  });

  it('refuses a wrong password the same way for every name, and records it', async () => {
    await created('carol');
    const wrong = await post('auth/password?lang=en-US', {
      username: 'carol',
      password: 'nope-nope1',
    });
    const unknown = await post('auth/password?lang=en-US', {
      username: 'nobody',
      password: 'nope-nope1',
    });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 2001 });
    const rows = await queryRows<{ action: string; subject: string }>(
      t.database.db,
      sql`select action, subject from audit_log where action = 'staff.sign_in_failed' order by id`,
    );
    expect(rows.map((r) => r.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^staff:\d+$/), 'staff-name:nobody']),
    );
  });

  it('opens only the password change until the one-time password is changed', async () => {
    const { oneTimePassword } = await created('dave');
    const s1 = (await post('auth/password', { username: 'dave', password: oneTimePassword })).json()
      .data;
    const res = await post('auth/code', {
      challenge: s1.challenge,
      code: await totpCode(s1.enrolment.secret, clock.now()),
    });
    const cookie = sessionCookie(res);
    const csrf = res.json().data.csrfToken as string;
    const staffList = await t.app.inject({ url: staffUrl('staff'), headers: { cookie } });
    expect(staffList.json()).toMatchObject({ code: 7004 });
    const changed = await post(
      'auth/password-change',
      { current: oneTimePassword, password: 'Newpass123', repassword: 'Newpass123' },
      { cookie, [CSRF_HEADER]: csrf },
    );
    expect(changed.json()).toMatchObject({
      code: 0,
      data: { staff: { mustChangePassword: false } },
    });
    expect(
      (await t.app.inject({ url: staffUrl('staff'), headers: { cookie } })).json(),
    ).toMatchObject({ code: 0 });
  });

  it('refuses a state-changing call without the CSRF token of its own session', async () => {
    const erin = await signInStaff(t.app, 'erin', 'owner', clock.now);
    const frank = await signInStaff(t.app, 'frank', 'owner', clock.now);
    const body = { username: 'newbie', role: 'support' };
    const none = await t.app.inject({
      method: 'POST',
      url: staffUrl('staff'),
      payload: body,
      headers: { cookie: erin.cookie },
    });
    expect(none.json()).toMatchObject({ code: 7003 });
    const foreign = await t.app.inject({
      method: 'POST',
      url: staffUrl('staff'),
      payload: body,
      headers: { cookie: erin.cookie, [CSRF_HEADER]: frank.csrf },
    });
    expect(foreign.json()).toMatchObject({ code: 7003 });
    expect((await erin.call({ method: 'POST', url: 'staff', payload: body })).json()).toMatchObject(
      { code: 0 },
    );
  });

  it('keeps user and staff sessions apart', async () => {
    const user = await signUpThroughApi(t.app, t.database.db, 'plainuser');
    const staff = await signInStaff(t.app, 'gina', 'auditor', clock.now);
    const withBearer = await t.app.inject({
      url: staffUrl('staff'),
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(withBearer.json()).toMatchObject({ code: 401 });
    const withCookie = await t.app.inject({
      url: '/api/v1/user/home',
      headers: { cookie: staff.cookie },
    });
    expect(withCookie.json()).toMatchObject({ code: 401 });
  });

  it('ends a session after 30 idle minutes and after 12 hours whatever the activity', async () => {
    const hal = await signInStaff(t.app, 'hal', 'auditor', clock.now);
    clock.advance(29 * 60_000);
    expect((await hal.call({ url: 'auth/session' })).json()).toMatchObject({ code: 0 });
    clock.advance(29 * 60_000);
    expect((await hal.call({ url: 'auth/session' })).json()).toMatchObject({ code: 0 });
    clock.advance(31 * 60_000);
    expect((await hal.call({ url: 'auth/session' })).json()).toMatchObject({ code: 401 });

    clock.advance(60_000);
    const ivy = await signInStaff(t.app, 'ivy', 'auditor', clock.now);
    // Active every 29 minutes: alive for 24 × 29 min = 11 h 36 min, ended at 12 h 5 min.
    for (let i = 1; i <= 25; i++) {
      clock.advance(29 * 60_000);
      const { code } = (await ivy.call({ url: 'auth/session' })).json();
      expect(code).toBe(i <= 24 ? 0 : 401);
    }
  });

  it('signs out one session, or every session of the member', async () => {
    clock.advance(60_000);
    const jo = await signInStaff(t.app, 'jo', 'auditor', clock.now);
    clock.advance(31_000);
    const s = (await post('auth/password', { username: 'jo', password: 'Staffpass1' })).json().data;
    const second = await post('auth/code', {
      challenge: s.challenge,
      code: await totpCode(jo.secret, clock.now()),
    });
    const cookie2 = sessionCookie(second);
    expect((await jo.call({ method: 'POST', url: 'auth/logout-all' })).json()).toMatchObject({
      code: 0,
    });
    expect((await jo.call({ url: 'auth/session' })).json()).toMatchObject({ code: 401 });
    expect(
      (await t.app.inject({ url: staffUrl('auth/session'), headers: { cookie: cookie2 } })).json(),
    ).toMatchObject({ code: 401 });
  });

  it('never lets a member change their own role or the last owner be demoted', async () => {
    clock.advance(60_000);
    const t2 = await createTestApp({ now: clock.now });
    try {
      const owner = await signInStaff(t2.app, 'onlyowner', 'owner', clock.now);
      const self = await owner.call({
        method: 'POST',
        url: `staff/${owner.id}/role`,
        payload: { role: 'auditor' },
      });
      expect(self.json()).toMatchObject({ code: 7006 });
      const other = await signInStaff(t2.app, 'second', 'owner', clock.now);
      await other.call({
        method: 'POST',
        url: `staff/${owner.id}/status`,
        payload: { status: 'disabled' },
      });
      const last = await owner.call({ url: 'staff' });
      expect(last.json()).toMatchObject({ code: 401 }); // disabled: the session ended with it
      const demote = await other.call({
        method: 'POST',
        url: `staff/${other.id}/role`,
        payload: { role: 'auditor' },
      });
      expect(demote.json()).toMatchObject({ code: 7006 });
    } finally {
      await t2.close();
    }
  });
  it('makes a reset member enrol a new second factor: the old one opens nothing', async () => {
    clock.advance(60_000);
    const owner = await signInStaff(t.app, 'resetter', 'owner', clock.now);
    const kim = await signInStaff(t.app, 'kim', 'support', clock.now);
    const reset = await owner.call({ method: 'POST', url: `staff/${kim.id}/reset` });
    const { oneTimePassword } = reset.json().data as { oneTimePassword: string };
    expect((await kim.call({ url: 'auth/session' })).json()).toMatchObject({ code: 401 });
    clock.advance(31_000);
    const step = (
      await post('auth/password', { username: 'kim', password: oneTimePassword })
    ).json().data;
    expect(step.enrolment.secret).not.toBe(kim.secret);
    const old = await totpCode(kim.secret, clock.now());
    expect(
      (await post('auth/code', { challenge: step.challenge, code: old })).json(),
    ).toMatchObject({ code: 7001 });
    const fresh = await totpCode(step.enrolment.secret, clock.now());
    const res = await post('auth/code', { challenge: step.challenge, code: fresh });
    expect(res.json()).toMatchObject({ code: 0, data: { staff: { mustChangePassword: true } } });
  });
});

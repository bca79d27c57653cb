import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { PAIR_THROTTLE, throttleWaitMs } from './auth.rules.js';

/**
 * Issue #23: sign-in failures counted per account name anywhere, so anyone could keep a chosen
 * account locked; one NAT address could lock everyone behind it; registration had no limit; an
 * empty sign-in said "body has the wrong type"; a 2 s wait read "1 minutes".
 */
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PASSWORD = 'Secret123';

describe('sign-in and registration throttling', () => {
  let t: TestApp;
  const clock = testClock();
  let ipCounter = 0;
  const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({
      now: clock.now,
      env: { REGISTRATIONS_PER_HOUR: '10' },
      extend: (app) => {
        app.get('/test/wait', (req) => {
          const { s } = req.query as { s: string };
          throw new AppError('TOO_MANY_ATTEMPTS', { waitS: Number(s) }, { retryAfterS: Number(s) });
        });
      },
    });
  });
  afterAll(() => t.close());

  const post = (url: string, fields: Record<string, string>, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: ip,
    });
  const login = (username: string, password: string, ip: string) =>
    post('user/login', { username, password }, ip);
  async function register(ip = freshIp()) {
    const username = `thr${++n}x${Date.now() % 100_000}`;
    const res = await post(
      'user/register',
      { username, password: PASSWORD, repassword: PASSWORD },
      ip,
    );
    expect(res.json().code, res.body).toBe(0);
    return { username, ip };
  }

  it('one address guessing 200 times cannot stop the owner signing in from another', async () => {
    const { username } = await register();
    const attacker = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 200; i++) {
      codes.push((await login(username, `Wrong${i}abc`, attacker)).json().code as number);
      clock.advance(1_000);
    }
    // 5 free, then 2 s, 4 s, 8 s, …: only a handful of guesses get through in 200 s.
    expect(codes.filter((c) => c === 2001).length).toBeLessThanOrEqual(12);
    expect(codes.filter((c) => c === 2003).length).toBeGreaterThan(180);
    // A new address of the owner's is not held by the attacker's failures at all.
    expect((await login(username, PASSWORD, freshIp())).json().code).toBe(0);
  });

  it('many addresses guessing slow the account, never lock it; the owner’s own address is never held', async () => {
    const { username, ip: home } = await register();
    const codes: number[] = [];
    for (let i = 0; i < 200; i++) {
      codes.push((await login(username, `Wrong${i}abc`, freshIp())).json().code as number);
      clock.advance(1_000);
    }
    // 20 free across addresses, then waits that cap at 30 s: about one guess in 30 s.
    expect(codes.filter((c) => c === 2001).length).toBeLessThanOrEqual(35);
    // The address the owner signed up from is one of theirs: straight in.
    expect((await login(username, PASSWORD, home)).json().code).toBe(0);
    // A stranger's address waits at most 30 s, then the right password works.
    const elsewhere = freshIp();
    const held = await login(username, PASSWORD, elsewhere);
    if (held.json().code === 2003) {
      expect(held.json().data.retryAfterS).toBeLessThanOrEqual(30);
      clock.advance(held.json().data.retryAfterS * 1_000);
    }
    expect((await login(username, PASSWORD, elsewhere)).json().code).toBe(0);
    clock.advance(61 * 60_000);
  });

  it('fifty people behind one address each mistyping twice do not hold a new user there', async () => {
    const nat = freshIp();
    for (let i = 0; i < 50; i++) {
      for (let k = 0; k < 2; k++)
        expect((await login(`natuser${i}`, 'Wrong1234', nat)).json().code).toBe(2001);
    }
    const { username } = await register(nat);
    expect((await login(username, PASSWORD, nat)).json().code).toBe(0);
    clock.advance(61 * 60_000);
    // 100 scrypt checks: a few seconds on two quiet cores, tens beside the E2E run in CI.
  }, 120_000);

  // 260 sign-ins, each with its scrypt check (≈ 20 s on two quiet cores): time for a busy one.
  it(
    'an address spraying many accounts is slowed past 200 failures, with short waits',
    {
      timeout: 120_000,
    },
    async () => {
      const ip = freshIp();
      const codes: number[] = [];
      let longestWaitS = 0;
      for (let i = 0; i < 260; i++) {
        const res = await login(`spray${i}`, 'Wrong1234', ip);
        codes.push(res.json().code as number);
        if (res.json().code === 2003)
          longestWaitS = Math.max(longestWaitS, res.json().data.retryAfterS as number);
      }
      expect(codes.slice(0, 200).every((c) => c === 2001)).toBe(true);
      expect(codes).toContain(2003);
      expect(longestWaitS).toBeLessThanOrEqual(30);
      clock.advance(61 * 60_000);
    },
  );

  it('lets one address open 10 accounts an hour freely, then slows it', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await register(ip);
    const refused = await post(
      'user/register',
      { username: `thr${++n}burst`, password: PASSWORD, repassword: PASSWORD },
      ip,
    );
    expect(refused.json()).toMatchObject({ code: 2003, data: { retryAfterS: 2 } });
    await register(freshIp()); // other addresses are not affected
    clock.advance(2_000);
    await register(ip);
    clock.advance(61 * 60_000);
  });

  it('grows the wait by doubling and caps it', () => {
    const at = new Date('2026-11-25T00:00:00Z');
    const wait = (failures: number) => throttleWaitMs(PAIR_THROTTLE, failures, at, at, at);
    expect([4, 5, 6, 7, 8].map(wait)).toEqual([0, 2_000, 4_000, 8_000, 16_000]);
    expect(wait(20)).toBe(15 * 60_000);
    expect(wait(100)).toBe(60 * 60_000); // the hourly cap: the rest of the window
  });

  it('says a wait in seconds under a minute, with the language’s plural forms', async () => {
    const msg = async (s: number, lang: string) =>
      (await t.app.inject({ url: `/test/wait?s=${s}`, headers: { language: lang } })).json()
        .msg as string;
    expect(await msg(1, 'en-US')).toBe('Too many failed attempts. Please try again in 1 second');
    expect(await msg(2, 'en-US')).toBe('Too many failed attempts. Please try again in 2 seconds');
    expect(await msg(60, 'en-US')).toContain('in 1 minute');
    expect(await msg(61, 'en-US')).toContain('in 2 minutes');
    expect(await msg(900, 'en-US')).toContain('in 15 minutes');
    expect(await msg(2, 'ru')).toContain('через 2 секунды');
    expect(await msg(5, 'ru')).toContain('через 5 секунд');
    expect(await msg(21, 'ru')).toContain('через 21 секунду');
    expect(await msg(900, 'ru')).toContain('через 15 минут');
    expect(await msg(2, 'zh-Hans')).toBe('失败次数过多，请 2 秒后再试');
  });

  it('answers an empty sign-in with the SPEC’s "enter the account"', async () => {
    const empty = [
      { headers: FORM, payload: '' },
      { headers: { 'content-type': 'application/json' }, payload: '{}' },
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: {}, payload: undefined },
    ];
    for (const request of empty) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/login', ...request });
      expect(res.statusCode, JSON.stringify(request)).toBe(400);
      expect(res.json().msg).toBe('Please enter the account');
      expect(res.json().data.issues).toEqual([
        { field: 'username', msg: 'Please enter the account' },
        { field: 'password', msg: 'Please enter the password' },
      ]);
    }
    const zh = await t.app.inject({ method: 'POST', url: '/api/v1/user/login?lang=zh-Hans' });
    expect(zh.json().msg).not.toMatch(/type|类型/);
  });
});

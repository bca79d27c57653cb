import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { queryRows } from '../../db/client.js';
import { SERVER_MESSAGES } from '../../i18n/index.js';
import { signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { ACCESS_CACHE_MS } from './access.service.js';

const LIMIT_PAGE = 'http://localhost/#/app/pages/common/limitPage';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A user-API call from `ip` (the socket's peer, as inject lets us set it). */
function from(app: FastifyInstance, ip: string, url: string, headers: Record<string, string> = {}) {
  return app.inject({ url: `/api/v1/${url}`, remoteAddress: ip, headers });
}

describe('address blocks (docs/content.md, Access restriction)', () => {
  let t: TestApp;
  const clock = testClock();
  let support: StaffClient;
  let risk: StaffClient;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    support = await signInStaff(t.app, 'access-sup', 'support', clock.now);
    risk = await signInStaff(t.app, 'access-risk', 'risk', clock.now);
  });
  afterAll(() => t.close());

  const block = async (
    cidr: string,
    over: { note?: string; expiresAt?: number | null; who?: StaffClient; lang?: string } = {},
  ) => {
    const res = await (over.who ?? support).call({
      method: 'POST',
      url: `access/blocks${over.lang ? `?lang=${over.lang}` : ''}`,
      payload: {
        cidr,
        note: over.note ?? 'abuse from this range',
        expiresAt: over.expiresAt ?? null,
      },
    });
    return res.json<Envelope<{ id: string; cidr: string; state: string; size: string }>>();
  };
  const unblock = async (id: string) =>
    (await support.call({ method: 'POST', url: `access/blocks/${id}/delete` })).json<Envelope>();

  it('refuses a blocked IPv4 range with the envelope, localized, and a way out', async () => {
    const added = await block('203.0.113.77/24');
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({ cidr: '203.0.113.0/24', state: 'active', size: '256' });

    const res = await from(t.app, '203.0.113.9', 'common/index', { language: 'de' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 2011,
      msg: SERVER_MESSAGES.de.errors.address_blocked,
      data: { redirect: LIMIT_PAGE },
    });
    // Signed-in routes are refused before the session is looked up: no token needed to see it.
    expect((await from(t.app, '203.0.113.200', 'user/home')).json().code).toBe(2011);
    // The neighbours are not in the range.
    expect((await from(t.app, '203.0.114.1', 'common/index')).json().code).toBe(0);
    expect((await from(t.app, '203.0.112.255', 'common/index')).json().code).toBe(0);
    await unblock(added.data.id);
  });

  it('refuses a blocked IPv6 range, and an IPv4 client on a dual-stack socket', async () => {
    const v6 = await block('2001:db8:abcd::/48');
    const v4 = await block('198.51.100.0/24');
    expect(v6.data.cidr).toBe('2001:db8:abcd::/48');
    expect((await from(t.app, '2001:db8:abcd:12::1', 'common/index')).json().code).toBe(2011);
    expect((await from(t.app, '2001:db8:abce::1', 'common/index')).json().code).toBe(0);
    // A dual-stack listener sees IPv4 clients as ::ffff:a.b.c.d.
    expect((await from(t.app, '::ffff:198.51.100.7', 'common/index')).json().code).toBe(2011);
    await unblock(v6.data.id);
    await unblock(v4.data.id);
  });

  it('lets a blocked address load the config and reach customer service, nothing else', async () => {
    const added = await block('192.0.2.0/24');
    const ip = '192.0.2.10';
    expect((await from(t.app, ip, 'common/base')).json().code).toBe(0);
    expect((await from(t.app, ip, 'common/customerService')).json().code).toBe(0);
    const image = await from(t.app, ip, 'common/image/AAAAAAAAAAAAAAAAAAAAAA');
    expect(image.json().code).toBe(6502);
    for (const url of [
      'common/userServiceAgreement',
      'common/noticeView?id=1',
      'ws',
      'openapi.json',
    ])
      expect((await from(t.app, ip, url)).json().code, url).toBe(2011);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      remoteAddress: ip,
      payload: { username: 'someone', password: 'Secret123' },
    });
    expect(login.json().code).toBe(2011);
    await unblock(added.data.id);
  });

  it('leaves the back office, the staff API and the probes alone', async () => {
    const added = await block('127.0.0.1/32');
    // inject's default peer is 127.0.0.1: the staff member calls from the blocked address.
    expect((await t.app.inject({ url: '/api/v1/common/index' })).json().code).toBe(2011);
    const list = await support.call({ url: 'access/blocks' });
    expect(list.json().code).toBe(0);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await unblock(added.data.id)).code).toBe(0);
    // The node that lifted it drops its copy at once.
    expect((await t.app.inject({ url: '/api/v1/common/index' })).json().code).toBe(0);
  });

  it('lets a block lapse at its expiry', async () => {
    const added = await block('100.64.0.0/10', { expiresAt: clock.now().getTime() + 60_000 });
    expect(added.data.state).toBe('active');
    expect((await from(t.app, '100.100.1.1', 'common/index')).json().code).toBe(2011);
    clock.advance(60_000);
    expect((await from(t.app, '100.100.1.1', 'common/index')).json().code).toBe(0);
    const past = await support.call({ url: 'access/blocks?state=past' });
    expect(past.json().data.items[0]).toMatchObject({ id: added.data.id, state: 'expired' });
    // An expired block cannot be removed, and the range may be blocked again.
    expect((await unblock(added.data.id)).code).toBe(7432);
    const again = await block('100.64.0.0/10');
    expect(again.code).toBe(0);
    await unblock(again.data.id);
  });

  it('refuses bad ranges and bad requests with localized messages, changing nothing', async () => {
    const before = await activeCount();
    const cases: [string, number][] = [
      ['203.0.113.0/33', 7430],
      ['127.1', 7430],
      ['fe80::1%eth0', 7430],
      ['not-an-address', 7430],
      ['10.0.0.0/7', 7431],
      ['::/0', 7431],
    ];
    for (const [cidr, code] of cases) {
      const res = await block(cidr, { lang: 'zh-Hans' });
      expect(res.code, cidr).toBe(code);
      const key = code === 7430 ? 'access_cidr_invalid' : 'access_range_too_wide';
      expect(res.msg).toBe(SERVER_MESSAGES['zh-Hans'].errors[key]);
    }
    const past = await block('203.0.113.0/24', { expiresAt: clock.now().getTime() - 1 });
    expect(past.code).toBe(7434);
    const noNote = await support.call({
      method: 'POST',
      url: 'access/blocks',
      payload: { cidr: '203.0.113.0/24', note: '  ', expiresAt: null },
    });
    expect(noNote.json().code).toBe(1000);
    const first = await block('203.0.113.0/24');
    expect((await block('203.0.113.200/24')).code).toBe(7433);
    expect((await unblock('999999')).code).toBe(7432);
    expect((await unblock(first.data.id)).code).toBe(0);
    expect((await unblock(first.data.id)).code).toBe(7432);
    expect(await activeCount()).toBe(before);
  });

  it('keeps the history and the audit log of every change', async () => {
    const added = await block('203.0.113.0/28', { note: 'card testing', who: risk });
    await unblock(added.data.id);
    const rows = await queryRows<{ action: string; actor: string }>(
      t.database.db,
      sql`select action, actor from audit_log where subject = ${`address_block:${added.data.id}`} order by id`,
    );
    expect(rows).toEqual([
      { action: 'access.block_added', actor: 'staff:access-risk' },
      { action: 'access.block_removed', actor: 'staff:access-sup' },
    ]);
    const past = (await support.call({ url: 'access/blocks?state=past&limit=1' })).json().data;
    expect(past.items[0]).toMatchObject({
      id: added.data.id,
      state: 'removed',
      note: 'card testing',
      createdBy: 'staff:access-risk',
      removedBy: 'staff:access-sup',
    });
    expect(past.nextCursor).not.toBeNull();
  });

  it('is read by the auditor and refused to compliance', async () => {
    const auditor = await signInStaff(t.app, 'access-aud', 'auditor', clock.now);
    const compliance = await signInStaff(t.app, 'access-kyc', 'compliance', clock.now);
    expect((await auditor.call({ url: 'access/blocks' })).json().code).toBe(0);
    expect((await block('203.0.113.0/24', { who: auditor })).code).toBe(403);
    expect((await compliance.call({ url: 'access/blocks' })).json().code).toBe(403);
  });

  async function activeCount(): Promise<number> {
    return (await support.call({ url: 'access/blocks' })).json<Envelope<{ active: number }>>().data
      .active;
  }
});

describe('restricted accounts and Black_run', () => {
  let t: TestApp;
  let support: StaffClient;

  beforeAll(async () => {
    t = await createTestApp();
    support = await signInStaff(t.app, 'restrict-sup', 'support');
  });
  afterAll(() => t.close());

  const setBlackRun = async (blackRunUrl: string) =>
    (await support.call({ method: 'POST', url: 'access/settings', payload: { blackRunUrl } })).json<
      Envelope<{ blackRunUrl: string; effectiveUrl: string }>
    >();

  it('sends a disabled account to the restricted page, signed in or signing in', async () => {
    const { token } = await signUpThroughApi(t.app, t.database.db, 'restricted1');
    const uid = (
      await t.app.inject({
        url: '/api/v1/user/home',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data.user.uid as string;
    const disabled = await support.call({
      method: 'POST',
      url: `users/${uid}/status`,
      payload: { status: 'disabled', reason: 'chargebacks' },
    });
    expect(disabled.json().code).toBe(0);

    // The token was revoked with the account: the next call is the restriction, not a 401.
    const home = await t.app.inject({
      url: '/api/v1/user/home',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(home.statusCode).toBe(403);
    expect(home.json()).toMatchObject({ code: 2004, data: { redirect: LIMIT_PAGE } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: 'restricted1', password: 'Secret123' },
    });
    expect(login.json()).toMatchObject({ code: 2004, data: { redirect: LIMIT_PAGE } });

    // The operator's own page instead: every refusal and common/base name it.
    const set = await setBlackRun('https://help.example/restricted');
    expect(set.data).toEqual({
      blackRunUrl: 'https://help.example/restricted',
      effectiveUrl: 'https://help.example/restricted',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: 'restricted1', password: 'Secret123' },
    });
    expect(again.json().data).toEqual({ redirect: 'https://help.example/restricted' });
    const base = (await t.app.inject({ url: '/api/v1/common/base' })).json().data;
    expect(base.Black_run).toBe('https://help.example/restricted');
    expect((await setBlackRun('')).data.effectiveUrl).toBe(LIMIT_PAGE);
  });

  it('takes only a web address as Black_run', async () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example', '/relative'])
      expect((await setBlackRun(bad)).code, bad).toBe(7436);
    const audited = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from audit_log where action = 'access.black_run_changed'`,
    );
    expect(audited[0]?.n).toBe('2');
  });
});

describe('address blocks across nodes on one database', () => {
  let t: TestApp;
  let support: StaffClient;
  const others: FastifyInstance[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    support = await signInStaff(t.app, 'nodes-sup', 'support');
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await t.close();
  });

  async function node(env: Record<string, string> = {}): Promise<FastifyInstance> {
    const app = await buildApp({
      env: loadEnv({ LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, ...env }),
      database: t.database,
    });
    await app.ready();
    others.push(app);
    return app;
  }

  /** How long until `app` refuses `ip`, polling every 50 ms up to `limitMs`. */
  async function refusedWithin(app: FastifyInstance, ip: string, limitMs: number) {
    const started = Date.now();
    while (Date.now() - started <= limitMs) {
      if ((await from(app, ip, 'common/index')).json().code === 2011) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return undefined;
  }

  it(`sees a block another node added within ${ACCESS_CACHE_MS} ms`, async () => {
    const b = await node();
    // Node B has read the blocks (none) and keeps its copy for ACCESS_CACHE_MS.
    expect((await from(b, '203.0.113.5', 'common/index')).json().code).toBe(0);
    const added = await support.call({
      method: 'POST',
      url: 'access/blocks',
      payload: { cidr: '203.0.113.0/24', note: 'two nodes', expiresAt: null },
    });
    expect(added.json().code).toBe(0);
    const took = await refusedWithin(b, '203.0.113.5', ACCESS_CACHE_MS + 1_000);
    expect(took).toBeDefined();
    expect(took).toBeLessThanOrEqual(ACCESS_CACHE_MS + 500);
    await support.call({ method: 'POST', url: `access/blocks/${added.json().data.id}/delete` });
  });

  it('hears of it at once through the Redis bus', async (ctx) => {
    const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const { Redis } = await import('ioredis');
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    const up = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (!up) ctx.skip(`no Redis at ${REDIS_URL}`);
    // Both nodes share a prefix of their own: test files run side by side on one Redis.
    const env = { REDIS_URL, REDIS_PREFIX: `test:${randomUUID()}:` };
    const [a, b] = [await node(env), await node(env)];
    const staff = await signInStaff(a, 'redis-sup', 'support');
    expect((await from(b, '198.51.100.5', 'common/index')).json().code).toBe(0);
    // Wait for both subscriptions to be live before the change is published.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const added = await staff.call({
      method: 'POST',
      url: 'access/blocks',
      payload: { cidr: '198.51.100.0/24', note: 'bus', expiresAt: null },
    });
    expect(added.json().code).toBe(0);
    // Far sooner than B's copy would expire by itself.
    const took = await refusedWithin(b, '198.51.100.5', ACCESS_CACHE_MS / 2);
    expect(took).toBeDefined();
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it('believes X-Forwarded-For only from the configured proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    const direct = await buildApp({
      env: loadEnv({ LOG_LEVEL: 'silent', DATA_DIR: proxied.dataDir }),
      database: proxied.database,
    });
    try {
      const support = await signInStaff(proxied.app, 'proxy-sup', 'support');
      await support.call({
        method: 'POST',
        url: 'access/blocks',
        payload: { cidr: '203.0.113.0/24', note: 'behind the proxy', expiresAt: null },
      });
      const forwarded = { 'x-forwarded-for': '203.0.113.7' };
      expect((await from(proxied.app, '127.0.0.1', 'common/index', forwarded)).json().code).toBe(
        2011,
      );
      // From anyone but the proxy the header is a claim, not an address.
      expect((await from(proxied.app, '192.0.2.1', 'common/index', forwarded)).json().code).toBe(0);
      // Without TRUST_PROXY, the peer is the client: the header changes nothing.
      expect((await from(direct, '127.0.0.1', 'common/index', forwarded)).json().code).toBe(0);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});

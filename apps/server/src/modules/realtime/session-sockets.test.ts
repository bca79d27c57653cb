import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../../config/env.js';
import { buildApp } from '../../app.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { hashToken } from '../auth/tokens.js';
import { CLOSE } from './hub.js';

/**
 * Issue #23: a socket opened with a token kept receiving `orders` and `balance` after its
 * session was logged out or its password changed. A session's end now closes its sockets with
 * 4401 within a second, on every node.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function socketBase(app: FastifyInstance): string {
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/ws`;
}

/** A signed-in socket subscribed to both private channels, with its close code and time. */
async function privateSocket(base: string, token: string) {
  const ws = new WebSocket(`${base}?uid=1&timestamp=${Date.now()}&token=${token}`);
  const messages: { ch?: string; event?: string }[] = [];
  ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as never));
  const closed = new Promise<{ code: number; atMs: number }>((resolve) =>
    ws.once('close', (code) => {
      resolve({ code, atMs: Date.now() });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      resolve();
    });
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ event: 'sub', data: { ch: 'orders' } }));
  ws.send(JSON.stringify({ event: 'sub', data: { ch: 'balance' } }));
  ws.send(JSON.stringify({ event: 'heart' }));
  const end = Date.now() + 5_000;
  while (!messages.some((m) => m.event === 'ping')) {
    if (Date.now() > end) throw new Error('no ping');
    await new Promise((r) => setTimeout(r, 10));
  }
  return { ws, messages, closed };
}

/** Resolves with the close, or with undefined when the socket is still open after `ms`. */
const closedWithin = <T>(closed: Promise<T>, ms: number) =>
  Promise.race([
    closed,
    new Promise<undefined>((resolve) =>
      setTimeout(() => {
        resolve(undefined);
      }, ms),
    ),
  ]);

async function signUp(app: FastifyInstance, username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user/register',
    payload: { username, password: 'Secret123', repassword: 'Secret123' },
  });
  return res.json().data as { token: string; user: { uid: number } };
}

async function signIn(app: FastifyInstance, username: string, password = 'Secret123') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { username, password },
  });
  return res.json().data.token as string;
}

const post = (app: FastifyInstance, url: string, token: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });

describe('sockets of ended sessions', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = socketBase(t.app);
  });
  afterAll(() => t.close());

  const userIdOf = async (username: string) => {
    const rows = await t.database.db.execute<{ id: string }>(
      sql`select id::text as id from app_user where username = ${username}`,
    );
    return BigInt((rows as { rows: { id: string }[] }).rows[0]?.id ?? '0');
  };

  it('logout closes that session’s socket within 1 s; another session’s socket stays and keeps its pushes', async () => {
    const { token } = await signUp(t.app, 'sockout');
    const other = await signIn(t.app, 'sockout');
    const a = await privateSocket(base, token);
    const b = await privateSocket(base, other);
    const loggedOutAt = Date.now();
    expect((await post(t.app, '/api/v1/user/logout', token)).json().code).toBe(0);
    const closed = await closedWithin(a.closed, 1_000);
    expect(closed?.code).toBe(CLOSE.SESSION_ENDED);
    expect((closed?.atMs ?? Infinity) - loggedOutAt).toBeLessThan(1_000);

    expect(await closedWithin(b.closed, 300)).toBeUndefined();
    t.app.platform.bus.publish(`user.${await userIdOf('sockout')}.balance`, { currency: 'usdt' });
    await new Promise((r) => setTimeout(r, 100));
    expect(b.messages).toContainEqual({ ch: 'balance', data: { currency: 'usdt' } });
    expect(a.messages.filter((m) => m.ch === 'balance')).toEqual([]);
    b.ws.close();
  });

  it('a password change closes every socket of the account', async () => {
    const { token } = await signUp(t.app, 'sockpass');
    const other = await signIn(t.app, 'sockpass');
    const sockets = [await privateSocket(base, token), await privateSocket(base, other)];
    const res = await post(t.app, '/api/v1/user/password', token, {
      oldpassword: 'Secret123',
      password: 'Secret456',
      repassword: 'Secret456',
    });
    expect(res.json().code).toBe(0);
    for (const s of sockets)
      expect((await closedWithin(s.closed, 1_000))?.code).toBe(CLOSE.SESSION_ENDED);
  });

  it('a recovery closes every socket of the account', async () => {
    const { token } = await signUp(t.app, 'sockfind');
    const set = await post(t.app, '/api/v1/user/mpassword', token, {
      password: '246810',
      repassword: '246810',
    });
    expect(set.json().code).toBe(0);
    const s = await privateSocket(base, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/findPassword',
      payload: {
        username: 'sockfind',
        mpassword: '246810',
        password: 'Secret789',
        repassword: 'Secret789',
      },
    });
    expect(res.json().code).toBe(0);
    expect((await closedWithin(s.closed, 1_000))?.code).toBe(CLOSE.SESSION_ENDED);
  });

  it('disabling the account closes its sockets', async () => {
    const { token } = await signUp(t.app, 'sockoff');
    const s = await privateSocket(base, token);
    expect(await t.app.services.auth.disableAccount(await userIdOf('sockoff'))).toBe(true);
    expect((await closedWithin(s.closed, 1_000))?.code).toBe(CLOSE.SESSION_ENDED);
    // And the token opens no private channel any more.
    const again = new WebSocket(`${base}?uid=1&timestamp=${Date.now()}&token=${token}`);
    const first = new Promise<unknown>((resolve) =>
      again.once('message', (raw: Buffer) => {
        resolve(JSON.parse(raw.toString()));
      }),
    );
    await new Promise((r) => again.once('open', r));
    again.send(JSON.stringify({ event: 'sub', data: { ch: 'balance' } }));
    expect(await first).toEqual({
      ch: 'error',
      data: { code: 'unauthorized', channel: 'balance' },
    });
    again.close();
  });

  it('expiry closes the socket; a session kept alive meanwhile keeps it open', async () => {
    const { token } = await signUp(t.app, 'sockexp');
    const kept = await signIn(t.app, 'sockexp');
    const soon = sql`now() + interval '600 milliseconds'`;
    await t.database.db.execute(
      sql`update user_session set expires_at = ${soon} where user_id = (select id from app_user where username = 'sockexp')`,
    );
    const expiring = await privateSocket(base, token);
    const living = await privateSocket(base, kept);
    // Sliding expiry moves the kept session's end while its socket waits on the old one.
    await t.database.db.execute(
      sql`update user_session set expires_at = now() + interval '1 hour' where token_hash = ${hashToken(kept)}`,
    );
    expect((await closedWithin(expiring.closed, 2_000))?.code).toBe(CLOSE.SESSION_ENDED);
    expect(await closedWithin(living.closed, 500)).toBeUndefined();
    living.ws.close();
  });
});

describe('sockets of ended sessions across nodes (Redis bus)', () => {
  const nodes: FastifyInstance[] = [];
  let t: TestApp | undefined;
  let redisUp = false;

  beforeAll(async () => {
    const { Redis } = await import('ioredis');
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    redisUp = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (!redisUp) return;
    // Both nodes share a prefix of their own: test files run side by side on one Redis.
    const REDIS_PREFIX = `test:${randomUUID()}:`;
    t = await createTestApp({ env: { REDIS_URL, REDIS_PREFIX } });
    // A second node on the same database, with its own Redis connections.
    const env = loadEnv({ LOG_LEVEL: 'silent', REDIS_URL, REDIS_PREFIX, DATA_DIR: t.dataDir });
    const second = await buildApp({ env, database: t.database });
    nodes.push(t.app, second);
    for (const n of nodes) await n.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await nodes[1]?.close();
    await t?.close();
  });

  it('a logout on node A closes the socket on node B within 1 s', async (ctx) => {
    if (!redisUp) ctx.skip(`no Redis at ${REDIS_URL}`);
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const { token } = await signUp(a, `sockredis${Date.now() % 100_000}`);
    const s = await privateSocket(socketBase(b), token);
    const at = Date.now();
    expect((await post(a, '/api/v1/user/logout', token)).json().code).toBe(0);
    const closed = await closedWithin(s.closed, 1_000);
    expect(closed?.code).toBe(CLOSE.SESSION_ENDED);
    expect((closed?.atMs ?? Infinity) - at).toBeLessThan(1_000);
  });
});

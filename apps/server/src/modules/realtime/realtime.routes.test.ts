import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { CLOSE } from './hub.js';
import { realtimeRoutes } from './realtime.routes.js';

describe('socket endpoint /api/v1/ws', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
  });
  afterAll(() => t.close());

  function connect(query = '', headers: Record<string, string> = {}) {
    const ws = new WebSocket(`${base}?uid=1&timestamp=${Date.now()}${query}`, { headers });
    const messages: unknown[] = [];
    ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString())));
    const opened = new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        resolve();
      });
      ws.once('error', reject);
    });
    const closed = new Promise<number>((resolve) =>
      ws.once('close', (code) => {
        resolve(code);
      }),
    );
    return {
      ws,
      messages,
      opened,
      closed,
      send: (event: string, data?: unknown) => {
        ws.send(JSON.stringify({ event, data }));
      },
    };
  }

  const until = async (check: () => boolean, ms = 5_000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('streams ticker and kline updates of a subscribed symbol, and answers heart with ping', async () => {
    const c = connect();
    await c.opened;
    c.send('heart', { uid: 1 });
    c.send('sub', { ch: 'ticker.BTC/USDT' });
    c.send('sub', { ch: 'kline.BTC/USDT.1Min' });
    await until(() => c.messages.length >= 1);
    await new Promise((r) => setTimeout(r, 50)); // let the subscriptions land
    await t.app.services.market.recordTick('BTC/USDT', Date.now(), 9_700_012n, 2);
    await t.app.services.market.recordTick('ETH/USDT', Date.now(), 340_000n, 2);
    await until(() => c.messages.length >= 3).catch(() => {
      throw new Error(JSON.stringify(c.messages));
    });
    expect(c.messages[0]).toMatchObject({ event: 'ping' });
    expect(c.messages).toContainEqual({
      ch: 'ticker.BTC/USDT',
      data: expect.objectContaining({ symbol: 'BTC/USDT', price: '97000.12' }),
    });
    expect(c.messages).toContainEqual({
      ch: 'kline.BTC/USDT.1Min',
      data: expect.arrayContaining(['97000.12']),
    });
    expect(JSON.stringify(c.messages)).not.toContain('ETH/USDT');
    c.ws.close();
  });

  it('gives private channels only with a valid session token', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username: 'socketuser', password: 'Secret123', repassword: 'Secret123' },
    });
    const token = reg.json().data.token as string;
    const anon = connect();
    await anon.opened;
    anon.send('sub', { ch: 'balance' });
    await until(() => anon.messages.length >= 1);
    expect(anon.messages[0]).toEqual({
      ch: 'error',
      data: { code: 'unauthorized', channel: 'balance' },
    });
    anon.ws.close();

    const signed = connect(`&token=${token}`);
    await signed.opened;
    signed.send('sub', { ch: 'balance' });
    signed.send('heart');
    await until(() => signed.messages.length >= 1);
    expect(signed.messages).toEqual([{ event: 'ping', data: expect.anything() }]);
    signed.ws.close();
  });

  it('subscribes and unsubscribes over the wire', async () => {
    const c = connect();
    await c.opened;
    c.send('sub', { ch: 'ticker.SOL/USDT' });
    c.send('heart');
    await until(() => c.messages.length >= 1); // the ping: the sub before it has landed
    await t.app.services.market.recordTick('SOL/USDT', Date.now(), 180_500n, 3);
    await until(() => c.messages.length >= 2);
    c.send('unsub', { ch: 'ticker.SOL/USDT' });
    c.send('heart');
    await until(() => c.messages.length >= 3);
    await t.app.services.market.recordTick('SOL/USDT', Date.now(), 180_600n, 3);
    c.send('heart');
    await until(() => c.messages.length >= 4);
    expect(
      c.messages.map((m) => (m as { ch?: string }).ch ?? (m as { event: string }).event),
    ).toEqual(['ping', 'ticker.SOL/USDT', 'ping', 'ping']);
    c.ws.close();
  });

  it('answers a plain GET of the socket address with the envelope (426), in the caller’s language', async () => {
    for (const lang of ['en-US', 'zh-Hans']) {
      const res = await t.app.inject({ url: `/api/v1/ws?uid=1&lang=${lang}` });
      expect(res.statusCode).toBe(426);
      expect(res.json()).toMatchObject({ code: 1009, data: null });
      expect(res.json().msg).toMatch(lang === 'en-US' ? /WebSocket/ : /实时行情/);
    }
  });

  it('refuses a page from another origin', async () => {
    const c = connect('', { origin: 'https://evil.example' });
    expect(await c.closed).toBe(1008);
  });

  it('closes a connection that sends an oversized frame', async () => {
    const c = connect();
    await c.opened;
    c.ws.send('x'.repeat(10_000));
    expect(await c.closed).toBe(1009);
  });
});

describe('socket connection cap', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_PER_MIN: '5' },
      extend: (app) => {
        void app.register(
          realtimeRoutes({ auth: app.services.auth, bus: app.platform.bus }, undefined, 60_000, 3),
          {
            prefix: '/capped',
          },
        );
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const attempt = (path: string) =>
    new Promise<{ ws: WebSocket; closed: Promise<number> }>((resolve, reject) => {
      const ws = new WebSocket(`${base}${path}?uid=1&timestamp=1`);
      const closed = new Promise<number>((r) =>
        ws.once('close', (code) => {
          r(code);
        }),
      );
      ws.once('open', () => {
        resolve({ ws, closed });
      });
      ws.once('error', reject);
    });

  it('is not counted against the per-minute API limit', async () => {
    // Twice the API's per-minute limit of sockets, opened and closed: none refused with 429.
    for (let i = 0; i < 10; i++) {
      const { ws } = await attempt('/api/v1/ws');
      ws.close();
    }
  });

  it('caps open sockets per address, and frees a place when one closes', async () => {
    const open = await Promise.all([1, 2, 3].map(() => attempt('/capped/ws')));
    const fourth = await attempt('/capped/ws');
    expect(await fourth.closed).toBe(CLOSE.TRY_AGAIN_LATER);
    open[0]?.ws.close();
    await open[0]?.closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = await attempt('/capped/ws');
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
    for (const c of [...open.slice(1), again]) c.ws.close();
  });
});

describe('socket heartbeat timeout', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        void app.register(
          realtimeRoutes({ auth: app.services.auth, bus: app.platform.bus }, undefined, 300),
          { prefix: '/short' },
        );
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/short/ws`;
  });
  afterAll(() => t.close());

  it('closes a connection that stops sending heartbeats, and keeps one that sends them', async () => {
    const open = (url: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.once('open', () => {
          resolve(ws);
        });
        ws.once('error', reject);
      });
    const silent = await open(`${base}?uid=1&timestamp=1`);
    const alive = await open(`${base}?uid=2&timestamp=1`);
    const beat = setInterval(() => {
      alive.send(JSON.stringify({ event: 'heart', data: { uid: 2 } }));
    }, 100);
    const code = await new Promise<number>((resolve) =>
      silent.once('close', (c) => {
        resolve(c);
      }),
    );
    expect(code).toBe(CLOSE.HEARTBEAT_TIMEOUT);
    await new Promise((r) => setTimeout(r, 500));
    expect(alive.readyState).toBe(WebSocket.OPEN);
    clearInterval(beat);
    alive.close();
  });
});

describe('socket endpoint while the node drains (SIGTERM)', () => {
  it('turns a new socket away with 1012 (service restart), so the client goes elsewhere', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      t.app.platform.lifecycle.drain();
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws?uid=1&timestamp=${Date.now()}`);
      const code = await new Promise<number>((resolve) =>
        ws.once('close', (c) => {
          resolve(c);
        }),
      );
      expect(code).toBe(CLOSE.SERVICE_RESTART);
      expect(CLOSE.SERVICE_RESTART).toBe(1012);
    } finally {
      await t.close();
    }
  });
});

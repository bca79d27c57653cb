import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createHostPolicy, hostName } from './hosts.js';

/**
 * Issue #23: with PUBLIC_URL unset, a forged `Host: evil.example` became the `wss` address in
 * common/base and the invite link. Only hosts this server answers for are served now.
 */
describe('Host is not trusted', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username: 'hostuser', password: 'Secret123', repassword: 'Secret123' },
    });
    token = reg.json().data.token as string;
  });
  afterAll(() => t.close());

  it('refuses a forged Host with the envelope, and nothing derived from it appears', async () => {
    for (const url of ['/api/v1/common/base', '/api/v1/user/getMyQrcode', '/', '/index.html']) {
      const res = await t.app.inject({
        url,
        headers: { host: 'evil.example', authorization: `Bearer ${token}`, language: 'zh-Hans' },
      });
      expect(res.statusCode, url).toBe(421);
      expect(res.json(), url).toMatchObject({
        code: 1010,
        data: null,
        msg: '本站不在此地址提供服务',
      });
      expect(res.body).not.toContain('evil.example');
      expect(String(res.headers['content-security-policy'])).not.toContain('evil.example');
    }
  });

  it('serves its own names, with the socket URL, CSP and no-store from the request host', async () => {
    const res = await t.app.inject({
      url: '/api/v1/common/base',
      headers: { host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.wss).toBe('ws://localhost:8080/api/v1/ws');
    expect(res.headers['cache-control']).toBe('no-store');
    // The page's policy names the socket of the host it was asked on (the API's answers carry
    // their own, which allows nothing to load).
    const page = await t.app.inject({ url: '/', headers: { host: 'localhost:8080' } });
    expect(page.headers['content-security-policy']).toContain(
      "connect-src 'self' ws://localhost:8080 wss://localhost:8080;",
    );
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'",
    );
    const invite = await t.app.inject({
      url: '/api/v1/user/getMyQrcode',
      headers: { host: '127.0.0.1:8080', authorization: `Bearer ${token}` },
    });
    expect(invite.json().data.shareUrl).toMatch(/^http:\/\/127\.0\.0\.1:8080\//);
  });

  it('lets probes through whatever the Host', async () => {
    expect(
      (await t.app.inject({ url: '/healthz', headers: { host: 'evil.example' } })).statusCode,
    ).toBe(200);
  });

  it('by default answers for this machine’s interface addresses (a phone on the LAN)', () => {
    const policy = createHostPolicy({
      publicUrl: undefined,
      allowedHosts: undefined,
      listenHost: '0.0.0.0',
    });
    const lan = Object.values(networkInterfaces())
      .flatMap((l) => l ?? [])
      .find((i) => i.family === 'IPv4' && !i.internal);
    if (lan) expect(policy.allowed(`${lan.address}:8080`)).toBe(true);
    expect(policy.allowed('localhost:5173')).toBe(true);
    expect(policy.allowed('[::1]:8080')).toBe(true);
    expect(policy.allowed('evil.example')).toBe(false);
    expect(policy.allowed('localhost.evil.example')).toBe(false);
    expect(policy.allowed('')).toBe(false);
    const bound = createHostPolicy({
      publicUrl: undefined,
      allowedHosts: undefined,
      listenHost: '127.0.0.1',
    });
    if (lan) expect(bound.allowed(lan.address)).toBe(false);
  });

  it('takes ALLOWED_HOSTS names for any port and name:port for one port', () => {
    const policy = createHostPolicy({
      publicUrl: undefined,
      allowedHosts: ['app.example', 'admin.example:8443'],
      listenHost: '0.0.0.0',
    });
    expect(policy.allowed('APP.example:443')).toBe(true);
    expect(policy.allowed('admin.example:8443')).toBe(true);
    expect(policy.allowed('admin.example:8444')).toBe(false);
    expect(policy.allowed('localhost')).toBe(false); // the list replaces the defaults
    expect(hostName('[::1]:80')).toBe('[::1]');
  });
});

describe('Host with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://trade.example' } });
  });
  afterAll(() => t.close());

  it('derives the socket URL and CSP from PUBLIC_URL whatever allowed Host came in', async () => {
    for (const host of ['trade.example', 'localhost:8080']) {
      const res = await t.app.inject({ url: '/api/v1/common/base', headers: { host } });
      expect(res.json().data.wss, host).toBe('wss://trade.example/api/v1/ws');
      const page = await t.app.inject({ url: '/', headers: { host } });
      expect(page.headers['content-security-policy']).toContain(
        "connect-src 'self' ws://trade.example wss://trade.example;",
      );
    }
    const forged = await t.app.inject({
      url: '/api/v1/common/base',
      headers: { host: 'evil.example' },
    });
    expect(forged.statusCode).toBe(421);
  });
});

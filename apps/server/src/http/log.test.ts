import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../test/harness.js';
import { redactUrl } from './log.js';

/** Issue #23: the socket URL's token was logged in full at info level. */
describe('secrets in logs', () => {
  let t: TestApp;
  let lines = '';
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      lines += chunk.toString('utf8');
    });
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const open = (path: string) =>
    new Promise<void>((resolve) => {
      const port = (t.app.server.address() as AddressInfo).port;
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
      ws.once('open', () => {
        ws.close();
      });
      ws.once('error', () => undefined);
      ws.once('close', () => {
        resolve();
      });
    });

  it('logs requests with the token and passwords in their URL redacted', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username: 'logtoken', password: 'Secret123', repassword: 'Secret123' },
    });
    const token = reg.json().data.token as string;
    await open(`/api/v1/ws?uid=1&timestamp=1&token=${token}`);
    await open(`/api/v1/nowhere?token=${token}`); // an upgrade to an address with no socket
    await t.app.inject({ url: `/api/v1/common/base?password=Hunter2x&token=${token}&lang=en` });
    await new Promise((r) => setTimeout(r, 100));

    expect(lines).toContain('/api/v1/ws?uid=1&timestamp=1&token=[redacted]');
    expect(lines).toContain('/api/v1/common/base?password=[redacted]&token=[redacted]&lang=en');
    expect(lines).not.toContain(token);
    expect(lines).not.toContain('Hunter2x');
  });

  it('redacts every secret parameter, wherever it stands, and nothing else', () => {
    expect(redactUrl('/a?token=x&lang=en')).toBe('/a?token=[redacted]&lang=en');
    expect(redactUrl('/a?lang=en&TOKEN=x#f')).toBe('/a?lang=en&TOKEN=[redacted]#f');
    expect(redactUrl('/a?mytoken=x')).toBe('/a?mytoken=x');
    expect(redactUrl('/a?mpassword=1&oldpassword=2')).toBe(
      '/a?mpassword=[redacted]&oldpassword=[redacted]',
    );
  });
});

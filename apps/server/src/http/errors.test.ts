import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../app.js';
import { SERVER_MESSAGES } from '../i18n/index.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * The shared request pipeline (parsing, validation, error mapping) exercised through a probe
 * route registered on the real app, plus the real routes and the not-found handler.
 */
describe('malformed requests get a clear envelope error', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        app.post(
          '/api/v1/test/probe',
          {
            schema: {
              body: z.strictObject({
                username: z.string({ error: 'enter_account' }).min(1, { error: 'enter_account' }),
                amount: z.coerce.number().int().min(1).max(100),
                side: z.enum(['up', 'down']),
              }),
            },
          },
          (req) => ({ code: 0, msg: 'ok', data: req.body }),
        );
        app.get('/api/v1/test/boom', () => {
          throw new Error('secret database detail at /srv/app.ts:42');
        });
      },
    });
  });
  afterAll(() => t.close());

  const probe = (payload: string, contentType: string, lang = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/test/probe?lang=${lang}`,
      headers: { 'content-type': contentType },
      payload,
    });

  it('accepts form-urlencoded, the client default', async () => {
    const res = await probe('username=alice&amount=5&side=up', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ username: 'alice', amount: 5, side: 'up' });
  });

  it('accepts JSON', async () => {
    const res = await probe(
      JSON.stringify({ username: 'bob', amount: 7, side: 'down' }),
      'application/json',
    );
    expect(res.json().data).toEqual({ username: 'bob', amount: 7, side: 'down' });
  });

  it('bad JSON → 400 code 1001', async () => {
    const res = await probe('{"username": "bo', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1001, data: null });
    expect(res.json().msg).toMatch(/could not be read/);
  });

  it('wrong content type → 415 code 1002', async () => {
    const res = await probe('username=alice', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(1002);
  });

  it('missing fields → 400 code 1000 naming each field, with the schema’s own message', async () => {
    const res = await probe('side=up', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(1000);
    expect(body.msg).toBe('Please enter the account');
    expect(body.data.issues).toEqual([
      { field: 'username', msg: 'Please enter the account' },
      { field: 'amount', msg: 'amount is required' },
    ]);
  });

  it('extra fields → 400 code 1000 naming the unknown field', async () => {
    const res = await probe(
      'username=a&amount=1&side=up&admin=true',
      'application/x-www-form-urlencoded',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.issues).toEqual([{ field: 'admin', msg: 'Unknown field: admin' }]);
  });

  it('out-of-range and out-of-set values are explained', async () => {
    const res = await probe(
      'username=a&amount=500&side=sideways',
      'application/x-www-form-urlencoded',
    );
    expect(res.json().data.issues).toEqual([
      { field: 'amount', msg: 'amount must be at most 100' },
      { field: 'side', msg: 'side must be one of: up, down' },
    ]);
  });

  it('localizes the message by the language header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/probe',
      headers: { 'content-type': 'application/x-www-form-urlencoded', language: 'zh-Hans' },
      payload: 'amount=1&side=up',
    });
    expect(res.json().msg).toBe(SERVER_MESSAGES['zh-Hans'].validation.enter_account);
  });

  it('a body over the limit → 413 code 1003', async () => {
    const res = await probe(
      `username=${'a'.repeat(BODY_LIMIT_BYTES + 1)}`,
      'application/x-www-form-urlencoded',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(1003);
  });

  it('an unknown path → 404 code 1004', async () => {
    const res = await t.app.inject({ url: '/api/v1/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1004, data: null });
  });

  it('an unexpected failure → 500 code 9000 with no detail', async () => {
    const res = await t.app.inject({ url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 9000,
      msg: 'System error, please go back and try again',
      data: null,
    });
    expect(res.body).not.toMatch(/secret|srv|stack/);
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({
      url: '/api/v1/common/base',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    // An API answer: a policy under which nothing loads, and no sniffing or foreign framing.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A page (here the 404 envelope of an address outside the API) carries the page's policy.
    const page = await t.app.inject({ url: '/no-such-page' });
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('rate limiting', () => {
  it('answers 429 code 1006 past the per-minute limit', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MIN: '3' } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await t.app.inject({ url: '/api/v1/common/base' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await t.app.inject({ url: '/api/v1/common/base?lang=fr' });
      expect(res.json().code).toBe(1006);
    } finally {
      await t.close();
    }
  });
});

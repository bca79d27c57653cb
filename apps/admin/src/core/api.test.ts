import { ERRORS } from '@ampere/contract';
import { staffListSchema } from '@ampere/contract/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeStaffApi, ok } from '@/test/fakeServer';
import { staffSession } from '@/test/fixtures';
import { api, loadSession } from './api';
import { signedIn, sessionStore } from './session';

let server: ReturnType<typeof fakeStaffApi>;

beforeEach(() => {
  server = fakeStaffApi();
  server.install();
  sessionStore.set({ status: 'loading' });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the staff API client', () => {
  it('sends the session’s CSRF token, JSON bodies and the language, and no bearer token', async () => {
    signedIn(staffSession({ csrfToken: 'csrf-1' }));
    server.on('POST staff', ok({ items: [] }));
    await api.post('staff', staffListSchema, { username: 'bob', role: 'support' });
    const sent = server.last('POST staff')!;
    expect(sent.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.has('Authorization')).toBe(false);
    expect(sent.headers.get('language')).toBe('en-US');
    expect(sent.body).toEqual({ username: 'bob', role: 'support' });
  });

  it('sends an idempotency key given for a call, the same one again on its CSRF retry', async () => {
    signedIn(staffSession({ csrfToken: 'csrf-old' }));
    server.on('GET auth/session', ok(staffSession({ csrfToken: 'csrf-new' })));
    server.on('POST adjustments', fail(ERRORS.CSRF_TOKEN_INVALID.code, 'Refresh', 403), ok({}));
    await api.post('adjustments', { parse: (data) => data }, {}, { idempotencyKey: 'key-1' });
    const keys = server.seen
      .filter((request) => request.path === 'adjustments')
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toEqual(['key-1', 'key-1']);
  });

  it('reloads the session after a CSRF refusal (7003) and sends the call once more', async () => {
    signedIn(staffSession({ csrfToken: 'csrf-old' }));
    server.on('GET auth/session', ok(staffSession({ csrfToken: 'csrf-new' })));
    server.on('POST staff/2/status', (request) =>
      request.headers.get('x-csrf-token') === 'csrf-new'
        ? ok({})
        : fail(ERRORS.CSRF_TOKEN_INVALID.code, 'Refresh the page', 403),
    );
    await api.post('staff/2/status', { parse: (data) => data }, { status: 'disabled' });
    const tokens = server.seen
      .filter((request) => request.path === 'staff/2/status')
      .map((request) => request.headers.get('x-csrf-token'));
    expect(tokens).toEqual(['csrf-old', 'csrf-new']);
  });

  it('reads who is signed in at launch: a session, or nobody on 401', async () => {
    server.on('GET auth/session', fail(401, '', 401), ok(staffSession()));
    await expect(loadSession()).resolves.toBeUndefined();
    expect(sessionStore.get()).toEqual({ status: 'signedOut', notice: undefined });
    await expect(loadSession()).resolves.toMatchObject({ staff: { username: 'ann' } });
    expect(sessionStore.get().status).toBe('signedIn');
  });

  it('says the server is unreachable when the launch check gets no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(loadSession()).rejects.toMatchObject({ code: expect.any(Number) });
    expect(sessionStore.get().status).toBe('unreachable');
  });

  it('rejects an answer that does not match the contract', async () => {
    signedIn(staffSession());
    server.on('GET staff', ok({ members: [] }));
    await expect(api.get('staff', staffListSchema)).rejects.toThrow();
  });
});

import { CLIENT_ERRORS, NETWORK_ERRORS } from '@ampere/contract';
import type { LocaleKey } from '@ampere/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDeps } from './request';
import { ApiError, apiErrorKey, createApi } from './request';

interface Call {
  url: URL;
  init: RequestInit;
  headers: Headers;
}

/** A fetch that records each call and answers from a script. */
function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const impl: typeof fetch = (input, init = {}) => {
    const href = input instanceof URL ? input.href : typeof input === 'string' ? input : input.url;
    const call = { url: new URL(href), init, headers: new Headers(init.headers) };
    calls.push(call);
    return Promise.resolve().then(() => respond(call));
  };
  return { impl, calls };
}

/** A fetch that never answers until its signal aborts, as a stalled network does. */
const stalledFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    const abort = () => {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    if (init?.signal?.aborted === true) abort();
    init?.signal?.addEventListener('abort', abort);
  });

const json = (body: unknown, init: ResponseInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(body), { status: 200, ...init, headers });
};
const envelope = (code: number, msg: string, data: unknown, init?: ResponseInit) =>
  json({ code, msg, data }, init);

let token: string | undefined;
let language: LocaleKey;
let unauthorized: (string | undefined)[];
let clockMs: number;

function deps(fetchImpl: typeof fetch, extra: Partial<RequestDeps> = {}): RequestDeps {
  return {
    baseUrl: 'https://app.example/api/v1/',
    getToken: () => token,
    setToken: (next) => {
      token = next;
    },
    getLanguage: () => language,
    onUnauthorized: (msg) => unauthorized.push(msg),
    fetchImpl,
    now: () => clockMs,
    ...extra,
  };
}

beforeEach(() => {
  token = 'tok-1';
  language = 'zh-Hans';
  unauthorized = [];
  clockMs = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('createApi: requests', () => {
  it('joins the path, sends token and language, and resolves with data', async () => {
    const { impl, calls } = fakeFetch(() => envelope(0, 'ok', { wss: 'wss://x' }));
    const api = createApi(deps(impl));
    await expect(api.get('common/base', { query: { id: 3, skip: undefined } })).resolves.toEqual({
      wss: 'wss://x',
    });
    const call = calls[0]!;
    expect(call.url.origin + call.url.pathname).toBe('https://app.example/api/v1/common/base');
    expect(call.url.searchParams.get('id')).toBe('3');
    expect(call.url.searchParams.has('skip')).toBe(false);
    expect(call.url.searchParams.get('lang')).toBe('zh-Hans');
    expect(call.init.method).toBe('GET');
    expect(call.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(call.headers.get('language')).toBe('zh-Hans');
  });

  it('sends no Authorization header without a token, and tolerates a leading slash', async () => {
    token = undefined;
    const { impl, calls } = fakeFetch(() => envelope(0, '', null));
    await createApi(deps(impl, { baseUrl: 'https://app.example/api/v1' })).get('/common/index');
    expect(calls[0]!.url.pathname).toBe('/api/v1/common/index');
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('defaults the base URL to this origin', async () => {
    const { impl, calls } = fakeFetch(() => envelope(0, '', null));
    await createApi(deps(impl, { baseUrl: undefined })).get('user/home');
    expect(calls[0]!.url.href.startsWith(`${location.origin}/api/v1/user/home?`)).toBe(true);
  });

  it('posts form-urlencoded by default, dropping undefined fields', async () => {
    const { impl, calls } = fakeFetch(() => envelope(0, '', true));
    await createApi(deps(impl)).post('user/login', {
      body: { username: 'ann', password: 'p&ss', remember: true, code: undefined },
      idempotencyKey: 'k-1',
    });
    const call = calls[0]!;
    expect(call.init.method).toBe('POST');
    expect(call.headers.get('Content-Type')).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    expect(call.init.body).toBe('username=ann&password=p%26ss&remember=true');
    expect(call.headers.get('Idempotency-Key')).toBe('k-1');
    expect(call.url.searchParams.get('lang')).toBe('zh-Hans');
  });

  it('posts JSON when asked, and FormData as multipart without a hand-set Content-Type', async () => {
    const { impl, calls } = fakeFetch(() => envelope(0, '', null));
    const api = createApi(deps(impl));
    await api.post('user/buy', { body: { amount: '10.50', qty: 2 }, json: true });
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"amount":"10.50","qty":2}');

    const form = new FormData();
    form.append('a', '1');
    await api.post('user/realnameAuth', { body: form });
    expect(calls[1]!.init.body).toBe(form);
    expect(calls[1]!.headers.has('Content-Type')).toBe(false);
  });

  it('adds the app’s own headers, read per request, without letting them replace the layer’s', async () => {
    // The back office: a cookie session (no bearer token) and a CSRF token in a header.
    token = undefined;
    let csrf = 'csrf-1';
    const { impl, calls } = fakeFetch(() => envelope(0, '', null));
    const api = createApi(
      deps(impl, {
        headers: () => ({ 'x-csrf-token': csrf, language: 'xx', Accept: 'text/html' }),
      }),
    );
    await api.post('auth/logout', { idempotencyKey: 'k-2' });
    csrf = 'csrf-2';
    await api.get('auth/session');
    expect(calls[0]!.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(calls[1]!.headers.get('x-csrf-token')).toBe('csrf-2');
    for (const call of calls) {
      expect(call.headers.get('language')).toBe('zh-Hans');
      expect(call.headers.get('Accept')).toBe('application/json');
      expect(call.headers.has('Authorization')).toBe(false);
    }
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('k-2');
  });

  it('puts GET body fields into the query', async () => {
    const { impl, calls } = fakeFetch(() => envelope(0, '', null));
    await createApi(deps(impl)).get('common/deleteUploader', { body: { file: 'a.png' } });
    expect(calls[0]!.url.searchParams.get('file')).toBe('a.png');
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('uploads one file as multipart under the given field name', async () => {
    const { impl, calls } = fakeFetch(() => envelope(0, '', { url: '/u/1.png' }));
    const file = new Blob(['png'], { type: 'image/png' });
    await expect(createApi(deps(impl)).upload('common/uploader', file, 'img')).resolves.toEqual({
      url: '/u/1.png',
    });
    const body = calls[0]!.init.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData && body.get('img')).toBeInstanceOf(Blob);
    expect(calls[0]!.init.method).toBe('POST');
  });

  it('adopts a token from the response Authorization header', async () => {
    const { impl } = fakeFetch(() =>
      envelope(0, '', null, { headers: { Authorization: 'Bearer tok-2' } }),
    );
    await createApi(deps(impl)).get('user/home');
    expect(token).toBe('tok-2');
  });
});

describe('createApi: failures', () => {
  it('rejects with the envelope code, msg and data and logs a warning', async () => {
    const { impl } = fakeFetch(() => envelope(3001, 'Insufficient balance', { need: '5' }));
    const error = await createApi(deps(impl))
      .post('user/buy')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 3001,
      msg: 'Insufficient balance',
      data: { need: '5' },
      status: 200,
    });
    expect(console.warn).toHaveBeenCalledWith(
      '[api] POST user/buy failed',
      3001,
      'Insufficient balance',
    );
  });

  it('turns a non-2xx response without an envelope into code = HTTP status', async () => {
    const { impl } = fakeFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(createApi(deps(impl)).get('user/home')).rejects.toMatchObject({
      code: 502,
      msg: 'Bad Gateway',
      data: '<html>bad gateway</html>',
      status: 502,
    });
  });

  it('keeps the envelope of a non-2xx response', async () => {
    const { impl } = fakeFetch(() =>
      envelope(1000, 'validation_failed', { issues: [] }, { status: 400 }),
    );
    await expect(createApi(deps(impl)).post('user/register')).rejects.toMatchObject({
      code: 1000,
      status: 400,
    });
  });

  it('rejects a 2xx body that is not an envelope as a failed request', async () => {
    const { impl } = fakeFetch(() => json({ hello: 'world' }));
    await expect(createApi(deps(impl)).get('user/home')).rejects.toMatchObject({
      code: CLIENT_ERRORS.REQUEST_FAILED,
    });
  });

  it('maps a network failure to 900500, and to 602001 for uploads', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const api = createApi(deps(failing));
    const error = await api.get('user/home').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: CLIENT_ERRORS.REQUEST_FAILED, status: undefined });
    expect(error instanceof ApiError && error.cause).toBeInstanceOf(TypeError);
    await expect(api.upload('common/uploader', new Blob(['x']))).rejects.toMatchObject({
      code: NETWORK_ERRORS.UPLOAD_ERROR,
    });
  });

  it('times out after 60 s with 900408', async () => {
    vi.useFakeTimers();
    const settled = createApi(deps(stalledFetch))
      .get('user/home')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    let done = false;
    void settled.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toMatchObject({ code: CLIENT_ERRORS.REQUEST_TIMEOUT });
  });

  it('honours a custom timeout', async () => {
    vi.useFakeTimers();
    const settled = createApi(deps(stalledFetch, { timeoutMs: 500 }))
      .get('user/home')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await settled).toMatchObject({ code: CLIENT_ERRORS.REQUEST_TIMEOUT });
  });

  it('reports a caller abort as 600003, also when already aborted', async () => {
    const controller = new AbortController();
    const api = createApi(deps(stalledFetch));
    const pending = api.get('user/home', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: NETWORK_ERRORS.ABORT });
    await expect(api.get('user/home', { signal: controller.signal })).rejects.toMatchObject({
      code: NETWORK_ERRORS.ABORT,
    });
  });

  it('refuses absolute URLs asynchronously, so the token is never sent elsewhere', async () => {
    const { impl, calls } = fakeFetch(() => envelope(0, '', null));
    const api = createApi(deps(impl));
    for (const path of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      const pending = api.get(path);
      await expect(pending).rejects.toMatchObject({ code: CLIENT_ERRORS.REQUEST_FAILED });
    }
    expect(calls).toHaveLength(0);
  });
});

describe('createApi: 401', () => {
  it('notifies once with the server msg for an HTTP 401 and rejects with code 401', async () => {
    const { impl } = fakeFetch(() => envelope(401, 'Session expired', null, { status: 401 }));
    await expect(createApi(deps(impl)).get('user/home')).rejects.toMatchObject({
      code: 401,
      status: 401,
    });
    expect(unauthorized).toEqual(['Session expired']);
  });

  it('treats envelope code 401 under HTTP 200 the same, and passes undefined without a msg', async () => {
    const { impl } = fakeFetch(() => envelope(401, '', null));
    await expect(createApi(deps(impl)).get('user/home')).rejects.toMatchObject({ code: 401 });
    expect(unauthorized).toEqual([undefined]);
  });

  it('reports a burst of 401s for one session once, and again after the window', async () => {
    const { impl } = fakeFetch(() => new Response('', { status: 401, statusText: 'Unauthorized' }));
    const api = createApi(deps(impl));
    await Promise.allSettled([api.get('a'), api.get('b'), api.post('c')]);
    expect(unauthorized).toHaveLength(1);
    clockMs += 3300; // AUTH_TOAST_MS + RELAUNCH_DELAY_MS
    await api.get('d').catch(() => undefined);
    expect(unauthorized).toHaveLength(2);
  });

  it('reports again at once for a new session token', async () => {
    const { impl } = fakeFetch(() => envelope(401, 'x', null));
    const api = createApi(deps(impl));
    await api.get('a').catch(() => undefined);
    token = 'tok-after-login';
    await api.get('b').catch(() => undefined);
    expect(unauthorized).toHaveLength(2);
  });

  it('does not adopt a token from a 401 response', async () => {
    const { impl } = fakeFetch(() =>
      envelope(401, 'x', null, { status: 401, headers: { Authorization: 'Bearer zombie' } }),
    );
    await createApi(deps(impl))
      .get('a')
      .catch(() => undefined);
    expect(token).toBe('tok-1');
  });
});

describe('createApi: restrictions (SPEC §4)', () => {
  const restricted = (code: number, data: unknown) =>
    fakeFetch(() => envelope(code, 'Your access has been restricted', data, { status: 403 }));

  it('tells the app where to send the user, once per burst, and still rejects', async () => {
    const seen: { code: number; redirect: string }[] = [];
    const target = 'https://app.example/#/app/pages/common/limitPage';
    const { impl } = restricted(2011, { redirect: target });
    const api = createApi(deps(impl, { onRestricted: (r) => seen.push(r) }));
    const results = await Promise.allSettled([api.get('a'), api.get('b'), api.post('c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await expect(api.get('d')).rejects.toMatchObject({ code: 2011, data: { redirect: target } });
    expect(seen).toEqual([{ code: 2011, redirect: target }]);
    clockMs += 3300;
    await api.get('e').catch(() => undefined);
    expect(seen).toHaveLength(2);
  });

  it('tells it of a disabled account (2004) too, but not of refusals without an address', async () => {
    const seen: number[] = [];
    const withAddress = restricted(2004, { redirect: 'https://help.example/' });
    await createApi(deps(withAddress.impl, { onRestricted: ({ code }) => seen.push(code) }))
      .get('a')
      .catch(() => undefined);
    for (const [code, data] of [
      [2004, null],
      [2004, { redirect: 42 }],
      [2001, { redirect: 'https://x.example/' }],
    ] as const) {
      const { impl } = restricted(code, data);
      await createApi(deps(impl, { onRestricted: ({ code: c }) => seen.push(c) }))
        .get('a')
        .catch(() => undefined);
    }
    expect(seen).toEqual([2004]);
  });
});

describe('apiErrorKey', () => {
  it('names client codes and server catalogue codes', () => {
    expect(apiErrorKey(new ApiError(CLIENT_ERRORS.REQUEST_TIMEOUT, ''))).toBe('request_timeout');
    expect(apiErrorKey(new ApiError(NETWORK_ERRORS.UPLOAD_ERROR, ''))).toBe('upload_failed');
    expect(apiErrorKey(new ApiError(1101, ''))).toBe('notice_not_found');
    expect(apiErrorKey(new ApiError(424242, ''))).toBeUndefined();
    expect(apiErrorKey(new Error('x'))).toBeUndefined();
  });

  it('gives ApiError a readable message even when the server sent none', () => {
    expect(new ApiError(9000, '').message).toBe('Request failed with code 9000');
    expect(new ApiError(9000, 'boom').message).toBe('boom');
  });
});

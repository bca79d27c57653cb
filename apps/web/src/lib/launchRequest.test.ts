import { createApi } from '@ampere/client';
import type { LocaleKey } from '@ampere/contract';
import { describe, expect, it, vi } from 'vitest';
import { LAUNCH_REQUEST_KEY, launchFetch, startLaunchRequest } from './launchRequest';

const ORIGIN = 'https://app.example';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** A window as first-page.js sees it: its address and a fetch that records what it was asked. */
function fakeWindow(answer: () => Promise<Response> = () => Promise.resolve(envelope({ n: 1 }))) {
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  const win = { location: { origin: ORIGIN }, fetch } as unknown as Parameters<
    typeof startLaunchRequest
  >[2] & { fetch: typeof fetch };
  return win;
}

/** Storage holding what core/session.ts writes: `{v: value}` JSON per key. */
function storageWith(entries: Record<string, unknown> = {}): Storage {
  const map = new Map(Object.entries(entries).map(([k, v]) => [k, JSON.stringify({ v })]));
  return { getItem: (k: string) => map.get(k) ?? null } as unknown as Storage;
}

/** The app's request layer over `launchFetch`, as core/api.ts builds it. */
function appApi(
  win: ReturnType<typeof fakeWindow>,
  { token, language = 'en-US' }: { token?: string; language?: LocaleKey } = {},
) {
  const own = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(envelope({ n: 2 })),
  );
  const api = createApi({
    baseUrl: `${ORIGIN}/api/v1/`,
    getToken: () => token,
    setToken: () => undefined,
    getLanguage: () => language,
    onUnauthorized: () => undefined,
    fetchImpl: launchFetch(win, own),
  });
  return { api, own };
}

describe('startLaunchRequest', () => {
  it('asks for the launch config as the request layer would, and leaves it on the window', () => {
    const win = fakeWindow();
    startLaunchRequest('common/base', 'en-US', win, storageWith());
    expect(win.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = win.fetch.mock.calls[0]!;
    expect(url).toBe(`${ORIGIN}/api/v1/common/base?lang=en-US`);
    expect(init?.headers).toEqual({ Accept: 'application/json', language: 'en-US' });
    expect(win[LAUNCH_REQUEST_KEY]).toMatchObject({ url, language: 'en-US' });
  });

  it("sends the stored session's token, as the request layer does", () => {
    const win = fakeWindow();
    startLaunchRequest('common/base', 'en-US', win, storageWith({ 'ampere.token': 'tok-1' }));
    expect(win.fetch.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer tok-1' });
  });

  it('never throws, and starts nothing once the app has asked itself', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const win = fakeWindow();
    expect(() => {
      startLaunchRequest('common/base', 'en-US', win, refusing);
    }).not.toThrow();
    expect(win.fetch).not.toHaveBeenCalled();

    const late = fakeWindow();
    void appApi(late).api.get('common/base');
    startLaunchRequest('common/base', 'en-US', late, storageWith());
    expect(late.fetch).not.toHaveBeenCalled();
  });

  it('uses nothing outside its own body, so it runs serialized in a classic script', () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- what first-page.js runs: the source alone
    const run = new Function(
      'win',
      'storage',
      `(${startLaunchRequest.toString()})("common/base", "en-US", win, storage)`,
    ) as (win: unknown, storage: Storage) => void;
    const win = fakeWindow();
    run(win, storageWith());
    expect(win.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('launchFetch', () => {
  it("gives the request layer's first request the early answer when it asks the same", async () => {
    const win = fakeWindow();
    startLaunchRequest('common/base', 'en-US', win, storageWith());
    const { api, own } = appApi(win);
    await expect(api.get('common/base')).resolves.toEqual({ n: 1 });
    expect(own).not.toHaveBeenCalled();
    // Once: the next request, the same or not, is the app's own.
    await expect(api.get('common/base')).resolves.toEqual({ n: 2 });
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('takes it for a signed-in user when the token is the same', async () => {
    const win = fakeWindow();
    startLaunchRequest('common/base', 'en-US', win, storageWith({ 'ampere.token': 'tok-1' }));
    const { api, own } = appApi(win, { token: 'tok-1' });
    await expect(api.get('common/base')).resolves.toEqual({ n: 1 });
    expect(own).not.toHaveBeenCalled();
  });

  it('asks itself when the language, the session or the address differ, and drops the early one', async () => {
    for (const [opts, path] of [
      [{ language: 'de' as const }, 'common/base'],
      [{ token: 'tok-2' }, 'common/base'],
      [{}, 'common/index'],
    ] as const) {
      const win = fakeWindow();
      startLaunchRequest('common/base', 'en-US', win, storageWith());
      const { api, own } = appApi(win, opts);
      await expect(api.get(path)).resolves.toEqual({ n: 2 });
      await expect(api.get('common/base', {})).resolves.toEqual({ n: 2 });
      expect(own).toHaveBeenCalledTimes(2);
    }
  });

  it('fails as the layer fails: an early request that cannot connect, or a timeout while waiting', async () => {
    const offline = fakeWindow(() => Promise.reject(new TypeError('Failed to fetch')));
    startLaunchRequest('common/base', 'en-US', offline, storageWith());
    await expect(appApi(offline).api.get('common/base')).rejects.toMatchObject({
      code: expect.any(Number) as number,
    });

    const never = fakeWindow(() => new Promise<Response>(() => undefined));
    startLaunchRequest('common/base', 'en-US', never, storageWith());
    const controller = new AbortController();
    const pending = launchFetch(never, () => Promise.reject(new Error('not asked')))(
      `${ORIGIN}/api/v1/common/base?lang=en-US`,
      { headers: { language: 'en-US' }, signal: controller.signal },
    );
    controller.abort(new DOMException('timed out', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

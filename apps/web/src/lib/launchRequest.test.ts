import { createApi } from '@ampere/client';
import type { LocaleKey } from '@ampere/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  endLaunchRequests,
  LAUNCH_READS,
  LAUNCH_REQUESTS_KEY,
  launchFetch,
  startLaunchRequests,
} from './launchRequest';
import type { LaunchWindow } from './launchRequest';

const ORIGIN = 'https://app.example';
const READS = { all: ['common/base'], home: ['common/index', 'user/home'] } as const;
const USER = { username: 'ada', status: 1 };

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** A window as first-page.js sees it: its address, language and a fetch that records calls. */
function fakeWindow({
  hash = '',
  languages = ['en-US'],
  answer = () => Promise.resolve(envelope({ n: 1 })),
}: { hash?: string; languages?: string[]; answer?: () => Promise<Response> } = {}) {
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  return {
    location: { origin: ORIGIN, hash },
    navigator: { languages, language: languages[0] ?? '' },
    fetch,
  } as unknown as LaunchWindow & { fetch: typeof fetch };
}

/** Storage holding what core/session.ts writes: `{v: value}` JSON per key. */
function storageWith(entries: Record<string, unknown> = {}): Storage {
  const map = new Map(Object.entries(entries).map(([k, v]) => [k, JSON.stringify({ v })]));
  return { getItem: (k: string) => map.get(k) ?? null } as unknown as Storage;
}
const signedIn = (extra: Record<string, unknown> = {}) =>
  storageWith({ 'ampere.token': 'tok-1', 'ampere.user': USER, ...extra });

const urls = (win: ReturnType<typeof fakeWindow>) => win.fetch.mock.calls.map(([url]) => url);

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

describe('startLaunchRequests', () => {
  it("asks a visitor's launch for the config only, as the request layer would", () => {
    const win = fakeWindow();
    startLaunchRequests(READS, 'en-US', win, storageWith());
    expect(urls(win)).toEqual([`${ORIGIN}/api/v1/common/base?lang=en-US`]);
    expect(win.fetch.mock.calls[0]?.[1]?.headers).toEqual({
      Accept: 'application/json',
      language: 'en-US',
    });
    expect([...(win[LAUNCH_REQUESTS_KEY]?.keys() ?? [])]).toEqual(urls(win));
  });

  it("adds Home's reads, with the session's token, for a signed-in launch at Home in English", () => {
    for (const hash of ['', '#/', '#/app/pages/tabbar/index/index?x=1']) {
      const win = fakeWindow({ hash });
      startLaunchRequests(READS, 'en-US', win, signedIn());
      expect(urls(win)).toEqual(
        ['common/base', 'common/index', 'user/home'].map((p) => `${ORIGIN}/api/v1/${p}?lang=en-US`),
      );
      for (const [, init] of win.fetch.mock.calls)
        expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1', language: 'en-US' });
    }
  });

  it("leaves Home's reads to the app elsewhere, in another language, or without a whole session", () => {
    const cases: [ReturnType<typeof fakeWindow>, Storage][] = [
      [fakeWindow({ hash: '#/app/pages/tabbar/trade/trade' }), signedIn()],
      [fakeWindow({ languages: ['de-DE', 'en'] }), signedIn()],
      [fakeWindow({ languages: ['en-US'] }), signedIn({ 'ampere.locale': 'ja' })],
      [fakeWindow(), storageWith({ 'ampere.token': 'tok-1' })],
    ];
    for (const [win, storage] of cases) {
      startLaunchRequests(READS, 'en-US', win, storage);
      expect(urls(win)).toEqual([`${ORIGIN}/api/v1/common/base?lang=en-US`]);
    }
    // A stored choice of English wins over the browser's language.
    const chosen = fakeWindow({ languages: ['fr-FR'] });
    startLaunchRequests(READS, 'en-US', chosen, signedIn({ 'ampere.locale': 'en-US' }));
    expect(urls(chosen)).toHaveLength(3);
  });

  it('never throws, and starts nothing once the app has asked itself', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const win = fakeWindow();
    expect(() => {
      startLaunchRequests(READS, 'en-US', win, refusing);
    }).not.toThrow();
    expect(win.fetch).not.toHaveBeenCalled();

    const late = fakeWindow();
    void appApi(late).api.get('common/base');
    startLaunchRequests(READS, 'en-US', late, storageWith());
    expect(late.fetch).not.toHaveBeenCalled();
  });

  it('uses nothing outside its own body, so it runs serialized in a classic script', () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- what first-page.js runs: the source alone
    const run = new Function(
      'win',
      'storage',
      `(${startLaunchRequests.toString()})(${JSON.stringify(LAUNCH_READS)}, "en-US", win, storage)`,
    ) as (win: unknown, storage: Storage) => void;
    const win = fakeWindow();
    run(win, signedIn());
    expect(win.fetch).toHaveBeenCalledTimes(1 + LAUNCH_READS.home.length);
  });
});

describe('launchFetch', () => {
  it('gives each of the request layer’s reads its early answer once, when it asks the same', async () => {
    const win = fakeWindow();
    startLaunchRequests(READS, 'en-US', win, signedIn());
    const { api, own } = appApi(win, { token: 'tok-1' });
    await expect(api.get('common/index')).resolves.toEqual({ n: 1 });
    await expect(api.get('common/base')).resolves.toEqual({ n: 1 });
    expect(own).not.toHaveBeenCalled();
    // Once: the next request for the same address is the app's own.
    await expect(api.get('common/base')).resolves.toEqual({ n: 2 });
    await expect(api.get('market/products')).resolves.toEqual({ n: 2 });
    expect(own).toHaveBeenCalledTimes(2);
  });

  it('asks itself when the language or the session differ, and drops the early answer', async () => {
    for (const opts of [{ language: 'de' as const, token: 'tok-1' }, { token: 'tok-2' }, {}]) {
      const win = fakeWindow();
      startLaunchRequests(READS, 'en-US', win, signedIn());
      const { api, own } = appApi(win, opts);
      await expect(api.get('common/base')).resolves.toEqual({ n: 2 });
      await expect(api.get('common/base')).resolves.toEqual({ n: 2 });
      expect(own).toHaveBeenCalledTimes(2);
    }
  });

  it('serves no early answer once the first screen is done', async () => {
    const win = fakeWindow();
    startLaunchRequests(READS, 'en-US', win, signedIn());
    endLaunchRequests(win);
    const { api, own } = appApi(win, { token: 'tok-1' });
    await expect(api.get('user/home')).resolves.toEqual({ n: 2 });
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('fails as the layer fails: an early request that cannot connect, or a timeout while waiting', async () => {
    const offline = fakeWindow({ answer: () => Promise.reject(new TypeError('Failed to fetch')) });
    startLaunchRequests(READS, 'en-US', offline, storageWith());
    await expect(appApi(offline).api.get('common/base')).rejects.toMatchObject({
      code: expect.any(Number) as number,
    });

    const never = fakeWindow({ answer: () => new Promise<Response>(() => undefined) });
    startLaunchRequests(READS, 'en-US', never, storageWith());
    const controller = new AbortController();
    const pending = launchFetch(never, () => Promise.reject(new Error('not asked')))(
      `${ORIGIN}/api/v1/common/base?lang=en-US`,
      { headers: { language: 'en-US' }, signal: controller.signal },
    );
    controller.abort(new DOMException('timed out', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

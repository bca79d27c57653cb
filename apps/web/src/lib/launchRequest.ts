/**
 * The launch's first API reads, started by first-page.js (issue #20, LCP). Every page waits for
 * the launch config (`common/base`, core/config.tsx), and Home's first screen for its three reads
 * (pages/tabbar/homeData.ts) — which the app can ask for only once its entry has downloaded and
 * run: on a slow link, one round trip after the scripts, with the screen waiting. Started from
 * index.html's first script instead, they travel beside the scripts. The app's request layer
 * takes each answer (`launchFetch`) when it asks for the same address with the same language and
 * session, once, and only while the first screen is drawn (`endLaunchRequests`); otherwise it asks
 * as before, and the early request cost bytes only.
 */
export interface LaunchRequest {
  readonly url: string;
  /** The headers that decide the answer: `language`, and `authorization` when signed in. */
  readonly language: string;
  readonly authorization: string | undefined;
  readonly response: Promise<Response>;
}

/** Which reads first-page.js starts (paths under `/api/v1/`). */
export interface LaunchReads {
  /** Every launch: the launch config. */
  readonly all: readonly string[];
  /** A signed-in launch at Home in English: Home's first screen (homeData.ts asks the same). */
  readonly home: readonly string[];
}

export const LAUNCH_READS: LaunchReads = {
  all: ['common/base'],
  home: ['common/index', 'user/notices', 'user/home'],
};

/** Where first-page.js leaves its requests on `window` (written out in `startLaunchRequests`). */
export const LAUNCH_REQUESTS_KEY = '__ampereLaunchRequests';

/** By address; null once the app has asked first or the first screen is done. */
type LaunchSlots = Map<string, LaunchRequest> | null | undefined;
export type LaunchWindow = Pick<Window, 'fetch' | 'location'> & {
  navigator?: Pick<Navigator, 'languages' | 'language'>;
  [LAUNCH_REQUESTS_KEY]?: LaunchSlots;
};

/**
 * Starts `GET /api/v1/<path>?lang=<language>` for each read as the request layer would send it at
 * launch (`@ampere/client` request.ts: Accept, `language`, the session's bearer token), in the
 * fallback language — the one main.tsx asks in before the messages are in. Home's reads only for
 * a signed-in launch at Home whose language is English (the stored choice, else the browser's
 * first): in any other language the app asks for them once its messages are in, in that language.
 * Serialized into first-page.js like `preloadFirstPage`: nothing from outside its body (the key
 * is written out), and it never throws.
 */
export function startLaunchRequests(
  reads: LaunchReads,
  fallback: string,
  win: LaunchWindow,
  storage: Storage,
): void {
  try {
    const key = '__ampereLaunchRequests';
    // null: the app asked first (this script arrived late); nothing to start.
    if (win[key] !== undefined) return;
    const stored = (name: string): unknown => {
      const raw = storage.getItem(name);
      if (raw === null) return undefined;
      const entry: unknown = JSON.parse(raw);
      return typeof entry === 'object' && entry !== null && 'v' in entry ? entry.v : undefined;
    };
    const token = stored('ampere.token');
    const user = stored('ampere.user');
    const authorization = typeof token === 'string' && token !== '' ? `Bearer ${token}` : undefined;
    const hash = win.location.hash.replace(/^#/, '');
    const end = hash.search(/[?#]/);
    const path = end === -1 ? hash : hash.slice(0, end);
    const atHome = path === '' || path === '/' || path === '/app/pages/tabbar/index/index';
    const locale = stored('ampere.locale');
    const browser = win.navigator?.languages[0] ?? win.navigator?.language ?? '';
    const english = typeof locale === 'string' ? locale === fallback : /^en(-|_|$)/i.test(browser);
    const signedIn = authorization !== undefined && typeof user === 'object' && user !== null;
    const paths = signedIn && atHome && english ? [...reads.all, ...reads.home] : reads.all;
    const requests = new Map<string, LaunchRequest>();
    for (const read of paths) {
      const url = new URL(
        `/api/v1/${read}?lang=${encodeURIComponent(fallback)}`,
        win.location.origin,
      ).href;
      const headers: Record<string, string> = { Accept: 'application/json', language: fallback };
      if (authorization !== undefined) headers.Authorization = authorization;
      const response = win.fetch(url, { headers });
      // Nobody may take it (the app asked differently): its failure is not an unhandled rejection.
      response.catch(() => undefined);
      requests.set(url, { url, language: fallback, authorization, response });
    }
    win[key] = requests;
  } catch {
    // No fetch, no storage, a malformed entry: the app asks itself, as before.
  }
}

/** The first screen is done (or left): no early answer is taken from now on. */
export function endLaunchRequests(win: LaunchWindow): void {
  win[LAUNCH_REQUESTS_KEY] = null;
}

const requestUrl = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The early answer, or a rejection when the request layer gives up waiting for it (timeout). */
function abortable(response: Promise<Response>, signal: AbortSignal | null | undefined) {
  if (!signal) return response;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => {
      reject(signal.reason as Error);
    };
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', abort);
    });
  });
}

/**
 * A `fetch` for the request layer that answers a request with first-page.js's early one for the
 * same address when language and session are the same too — each early answer once, and only
 * until `endLaunchRequests`. Every other request goes to `fetchImpl`; a first-page.js that runs
 * after the app's first request starts nothing.
 */
export function launchFetch(win: LaunchWindow, fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const slots = win[LAUNCH_REQUESTS_KEY];
    if (slots === undefined) win[LAUNCH_REQUESTS_KEY] = null;
    if (!slots) return fetchImpl(input, init);
    const url = requestUrl(input);
    const slot = slots.get(url);
    if (slot === undefined) return fetchImpl(input, init);
    // Taken or superseded: the next request for this address is the app's own.
    slots.delete(url);
    const headers = new Headers(init?.headers);
    const same =
      (init?.method ?? 'GET').toUpperCase() === 'GET' &&
      headers.get('language') === slot.language &&
      (headers.get('authorization') ?? undefined) === slot.authorization;
    return same ? abortable(slot.response, init?.signal) : fetchImpl(input, init);
  };
}

/**
 * The launch config's request, as first-page.js starts it (issue #20, LCP): every page waits for
 * `common/base` before it renders (core/config.tsx), and the app asks for it only once its entry
 * has downloaded and run. Started from index.html instead, it travels beside the entry; the app's
 * request layer takes the answer (`launchFetch`) when it asks for the same address with the same
 * language and session, and otherwise asks as before (the early request then cost bytes only).
 */
export interface LaunchRequest {
  readonly url: string;
  /** The headers that decide the answer: `language`, and `authorization` when signed in. */
  readonly language: string;
  readonly authorization: string | undefined;
  readonly response: Promise<Response>;
}

/** Where first-page.js leaves its request on `window` (written out in `startLaunchRequest`). */
export const LAUNCH_REQUEST_KEY = '__ampereLaunchRequest';

type LaunchSlot = LaunchRequest | null | undefined;
type LaunchWindow = Pick<Window, 'fetch' | 'location'> & { [LAUNCH_REQUEST_KEY]?: LaunchSlot };

/**
 * Starts `GET /api/v1/<path>?lang=<language>` as the request layer would send it at launch
 * (`@ampere/client` request.ts: Accept, `language`, the session's bearer token). Serialized into
 * first-page.js like `preloadFirstPage`: nothing from outside its body, and it never throws.
 */
export function startLaunchRequest(
  path: string,
  language: string,
  win: LaunchWindow,
  storage: Storage,
): void {
  try {
    const key = '__ampereLaunchRequest';
    // null: the app asked first (this script arrived late); nothing to start.
    if (win[key] !== undefined) return;
    let token: unknown;
    const raw = storage.getItem('ampere.token');
    if (raw !== null) {
      const entry: unknown = JSON.parse(raw);
      if (typeof entry === 'object' && entry !== null && 'v' in entry) token = entry.v;
    }
    const authorization = typeof token === 'string' && token !== '' ? `Bearer ${token}` : undefined;
    const url = new URL(`/api/v1/${path}?lang=${encodeURIComponent(language)}`, win.location.origin)
      .href;
    const headers: Record<string, string> = { Accept: 'application/json', language };
    if (authorization !== undefined) headers.Authorization = authorization;
    const response = win.fetch(url, { headers });
    // Nobody may take it (the app asked differently): its failure is not an unhandled rejection.
    response.catch(() => undefined);
    win[key] = { url, language, authorization, response };
  } catch {
    // No fetch, no storage, a malformed token: the app asks itself, as before.
  }
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
 * A `fetch` for the request layer that answers its first request with first-page.js's launch
 * request when they are the same (address, language, session) — `common/base`, which main.tsx
 * asks for before anything else. From then on every request goes to `fetchImpl`: an early answer
 * is never served later, and a first-page.js that runs after the app's first request starts none.
 */
export function launchFetch(win: LaunchWindow, fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const slot = win[LAUNCH_REQUEST_KEY];
    if (slot === null) return fetchImpl(input, init);
    win[LAUNCH_REQUEST_KEY] = null;
    if (slot === undefined) return fetchImpl(input, init);
    const headers = new Headers(init?.headers);
    const same =
      (init?.method ?? 'GET').toUpperCase() === 'GET' &&
      requestUrl(input) === slot.url &&
      headers.get('language') === slot.language &&
      (headers.get('authorization') ?? undefined) === slot.authorization;
    return same ? abortable(slot.response, init?.signal) : fetchImpl(input, init);
  };
}

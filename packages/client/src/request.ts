import { CLIENT_ERRORS, ERRORS, NETWORK_ERRORS, errorByCode } from '@ampere/contract';
import type { LocaleKey } from '@ampere/contract';
import { AUTH_TOAST_MS, RELAUNCH_DELAY_MS, REQUEST_TIMEOUT_MS } from './constants';
import { parseEnvelope } from './envelope';

/**
 * The request layer (SPEC §7, §8): one place that attaches the session and language, unwraps the
 * `{code, msg, data}` envelope, and turns every failure into an ApiError with a code, so callers
 * handle one error shape whether the server, the network or the clock failed.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  /** HTTP status, or undefined when no response arrived. */
  readonly status: number | undefined;

  constructor(code: number, msg: string, data?: unknown, status?: number, options?: ErrorOptions) {
    super(msg === '' ? `Request failed with code ${code}` : msg, options);
    this.code = code;
    this.msg = msg;
    this.data = data;
    this.status = status;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Message keys for the codes the client makes up itself; the UI translates them. */
export const CLIENT_MESSAGE_KEYS = {
  [CLIENT_ERRORS.REQUEST_TIMEOUT]: 'request_timeout',
  [CLIENT_ERRORS.REQUEST_FAILED]: 'request_failed',
  [CLIENT_ERRORS.TASK_NOT_FOUND]: 'request_task_not_found',
  [NETWORK_ERRORS.ABORT]: 'request_aborted',
  [NETWORK_ERRORS.UPLOAD_ERROR]: 'upload_failed',
} as const satisfies Record<number, string>;

/** The message key for an error: the server catalogue's key, a client key, or undefined. */
export function apiErrorKey(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const clientKeys: Record<number, string | undefined> = CLIENT_MESSAGE_KEYS;
  return clientKeys[error.code] ?? errorByCode(error.code)?.key;
}

type Scalar = string | number | boolean | undefined;

export interface RequestDeps {
  /** Defaults to `${location.origin}/api/v1/`. */
  baseUrl?: string;
  getToken(): string | undefined;
  /** Called when a response carries an Authorization header ("Bearer " stripped). */
  setToken(token: string): void;
  getLanguage(): LocaleKey;
  /**
   * Extra headers for each request, read when it is sent (the back office's CSRF token: its
   * session is a cookie, so `getToken` returns undefined there). The layer's own headers —
   * Accept, language, Authorization, Idempotency-Key, Content-Type — are set after these and win.
   */
  headers?(): Readonly<Record<string, string>>;
  /** HTTP 401 or envelope code 401: the app clears the user, shows `serverMsg`, relaunches. */
  onUnauthorized(serverMsg: string | undefined): void;
  /**
   * A refusal for a restriction that names where to send the user (`data.redirect`, config
   * `Black_run`; SPEC §4): 2004 the account is disabled, 2011 the address is blocked. Told once
   * per burst, like a 401; the request still rejects with its ApiError.
   */
  onRestricted?(restriction: { code: number; redirect: string }): void;
  fetchImpl?: typeof fetch;
  /** Defaults to 60000. */
  timeoutMs?: number;
  /** Clock for de-duplicating 401 notices; defaults to Date.now. */
  now?: () => number;
}

export interface RequestOptions {
  query?: Record<string, Scalar>;
  /** POST: form-urlencoded by default, JSON with `json`, multipart for FormData. GET: query. */
  body?: Record<string, Scalar> | FormData;
  json?: boolean;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** A file the server sent instead of an envelope, and the name it suggested, if safe. */
export interface Download {
  file: Blob;
  fileName: string | undefined;
}

export interface Api {
  get<T>(path: string, opts?: RequestOptions): Promise<T>;
  post<T>(path: string, opts?: RequestOptions): Promise<T>;
  /** Multipart POST of one file under `fieldName` (default "file"). */
  upload<T>(path: string, file: Blob, fieldName?: string): Promise<T>;
  /**
   * GET of a file (an export): signed in, localized and timed out like every other request; a
   * refusal still comes back as the envelope and rejects with an ApiError (401 included).
   */
  download(path: string, opts?: RequestOptions): Promise<Download>;
}

/**
 * The name in a Content-Disposition header, if it is a plain one. Path separators and control
 * characters are refused: the name comes off the network and ends up on the user's disk.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  const match = header === null ? null : /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  const name = match?.[1]?.trim();
  if (name === undefined || name === '' || /[\\/\p{Cc}]/u.test(name)) return undefined;
  return name;
}

type Method = 'GET' | 'POST';

/** The refusals that carry where to send the user (docs/errors.md 2004, 2011). */
const RESTRICTION_CODES: ReadonlySet<number> = new Set([
  ERRORS.ACCOUNT_DISABLED.code,
  ERRORS.ADDRESS_BLOCKED.code,
]);

/** The `redirect` of a restriction's data, when it is there. */
function redirectOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('redirect' in data)) return undefined;
  return typeof data.redirect === 'string' && data.redirect !== '' ? data.redirect : undefined;
}

/**
 * Several requests in flight when a session dies all come back 401; the user should see one
 * "you are offline" notice and one relaunch, not a stack of them. Within this window, further
 * 401s for the same token are not reported again.
 */
const UNAUTHORIZED_DEDUPE_MS = AUTH_TOAST_MS + RELAUNCH_DELAY_MS;

function appendFields(target: URLSearchParams, fields: Record<string, Scalar> | undefined): void {
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value !== undefined) target.append(name, String(value));
  }
}

/** Joins a relative API path to the base. Absolute URLs are refused so the token never leaves. */
function buildUrl(baseUrl: string, path: string, query: URLSearchParams): URL {
  if (/^([a-z][a-z\d+.-]*:|\/\/|\\)/i.test(path)) {
    throw new TypeError(`API paths are relative to the base URL: ${path}`);
  }
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = new URL(path.replace(/^\/+/, ''), base);
  for (const [name, value] of query) url.searchParams.append(name, value);
  return url;
}

function encodeBody(
  body: RequestOptions['body'],
  json: boolean,
  headers: Headers,
): BodyInit | undefined {
  if (body === undefined) return undefined;
  // Multipart: fetch writes the Content-Type itself, because only it knows the boundary.
  if (body instanceof FormData) return body;
  if (json) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(body);
  }
  headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
  const form = new URLSearchParams();
  appendFields(form, body);
  return form.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Classifies a failure that did not come from settle(): the clock, the caller, or the network. */
function toApiError(
  error: unknown,
  how: { timedOut: boolean; aborted: boolean; failureCode: number },
): ApiError {
  if (error instanceof ApiError) return error;
  const options = { cause: error };
  if (how.timedOut) {
    return new ApiError(
      CLIENT_ERRORS.REQUEST_TIMEOUT,
      'Request timeout',
      undefined,
      undefined,
      options,
    );
  }
  if (how.aborted) {
    return new ApiError(NETWORK_ERRORS.ABORT, 'Request aborted', undefined, undefined, options);
  }
  return new ApiError(how.failureCode, 'Request failed', undefined, undefined, options);
}

export function createApi(deps: RequestDeps): Api {
  const baseUrl = deps.baseUrl ?? `${location.origin}/api/v1/`;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const now = deps.now ?? Date.now;
  // Resolved per call and wrapped: an unbound window.fetch throws "Illegal invocation".
  const fetchImpl: typeof fetch = deps.fetchImpl ?? ((input, init) => fetch(input, init));
  let lastUnauthorized: { token: string | undefined; atMs: number } | undefined;

  const notifyUnauthorized = (token: string | undefined, serverMsg: string | undefined): void => {
    const at = now();
    const last = lastUnauthorized;
    const repeated = last !== undefined && last.token === token;
    if (repeated && at - last.atMs < UNAUTHORIZED_DEDUPE_MS) return;
    lastUnauthorized = { token, atMs: at };
    deps.onUnauthorized(serverMsg);
  };

  let lastRestricted: { code: number; atMs: number } | undefined;
  const notifyRestricted = (code: number, data: unknown): void => {
    const redirect = redirectOf(data);
    if (!RESTRICTION_CODES.has(code) || redirect === undefined || !deps.onRestricted) return;
    const at = now();
    const last = lastRestricted;
    if (last?.code === code && at - last.atMs < UNAUTHORIZED_DEDUPE_MS) return;
    lastRestricted = { code, atMs: at };
    deps.onRestricted({ code, redirect });
  };

  const adoptToken = (response: Response): void => {
    const header = response.headers.get('Authorization');
    const token = header?.replace(/^Bearer\s+/i, '').trim();
    if (token !== undefined && token !== '' && token !== deps.getToken()) deps.setToken(token);
  };

  /** Turns a finished HTTP exchange into data or an ApiError. */
  const settle = (response: Response, body: unknown, sentToken: string | undefined): unknown => {
    const envelope = parseEnvelope(body);
    if (response.status === 401 || envelope?.code === ERRORS.UNAUTHORIZED.code) {
      const serverMsg = envelope !== undefined && envelope.msg !== '' ? envelope.msg : undefined;
      notifyUnauthorized(sentToken, serverMsg);
      const data = envelope !== undefined ? envelope.data : body;
      throw new ApiError(ERRORS.UNAUTHORIZED.code, serverMsg ?? '', data, response.status);
    }
    adoptToken(response);
    if (envelope !== undefined) {
      const { code: envelopeCode, msg, data } = envelope;
      if (envelopeCode === ERRORS.OK.code) return data;
      notifyRestricted(envelopeCode, data);
      throw new ApiError(envelopeCode, msg, data, response.status);
    }
    // SPEC §8: a non-2xx status without an envelope still becomes {code, message, data}.
    if (!response.ok) {
      throw new ApiError(response.status, response.statusText, body, response.status);
    }
    throw new ApiError(CLIENT_ERRORS.REQUEST_FAILED, 'Malformed response', body, response.status);
  };

  async function send(
    method: Method,
    path: string,
    opts: RequestOptions,
    failureCode: number,
    expect: 'envelope' | 'file' = 'envelope',
  ): Promise<unknown> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = (): void => {
      controller.abort();
    };
    opts.signal?.addEventListener('abort', forwardAbort, { once: true });
    if (opts.signal?.aborted === true) controller.abort();

    try {
      const language = deps.getLanguage();
      const token = deps.getToken();
      const query = new URLSearchParams();
      appendFields(query, opts.query);
      const accept = expect === 'file' ? '*/*' : 'application/json';
      const headers = new Headers(deps.headers?.());
      headers.set('Accept', accept);
      headers.set('language', language);
      if (token !== undefined && token !== '') headers.set('Authorization', `Bearer ${token}`);
      if (opts.idempotencyKey !== undefined) headers.set('Idempotency-Key', opts.idempotencyKey);

      let body: BodyInit | undefined;
      if (method === 'GET') {
        // GET carries its fields in the query, as uni.request did with `data` on GET.
        if (opts.body instanceof FormData) throw new TypeError('FormData needs POST');
        appendFields(query, opts.body);
      } else {
        body = encodeBody(opts.body, opts.json === true, headers);
      }
      query.set('lang', language);
      const url = buildUrl(baseUrl, path, query);

      // An injected fetch may not check an already-aborted signal; fail the same way regardless.
      controller.signal.throwIfAborted();
      const response = await fetchImpl(url, { method, headers, body, signal: controller.signal });
      const isJson = (response.headers.get('Content-Type') ?? '').includes('application/json');
      if (expect === 'file' && response.ok && !isJson) {
        adoptToken(response);
        const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'));
        return { file: await response.blob(), fileName } satisfies Download;
      }
      return settle(response, await readBody(response), token);
    } catch (error) {
      const apiError = toApiError(error, {
        timedOut,
        aborted: opts.signal?.aborted === true,
        failureCode,
      });
      // SPEC §8: failed requests are only logged here; showing them is the caller's decision.
      console.warn(`[api] ${method} ${path} failed`, apiError.code, apiError.msg);
      throw apiError;
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  return {
    get: <T>(path: string, opts: RequestOptions = {}) =>
      send('GET', path, opts, CLIENT_ERRORS.REQUEST_FAILED) as Promise<T>,
    post: <T>(path: string, opts: RequestOptions = {}) =>
      send('POST', path, opts, CLIENT_ERRORS.REQUEST_FAILED) as Promise<T>,
    upload: <T>(path: string, file: Blob, fieldName = 'file') => {
      const form = new FormData();
      form.append(fieldName, file);
      return send('POST', path, { body: form }, NETWORK_ERRORS.UPLOAD_ERROR) as Promise<T>;
    },
    download: (path: string, opts: RequestOptions = {}) =>
      send('GET', path, opts, CLIENT_ERRORS.REQUEST_FAILED, 'file') as Promise<Download>,
  };
}

import { ERRORS } from '@ampere/contract';
import { ADMIN_API_PREFIX, CSRF_HEADER, staffSessionSchema } from '@ampere/contract/admin';
import type { StaffSession } from '@ampere/contract/admin';
import { createApi, isApiError } from '@ampere/client';
import { currentLocale } from '@/i18n';
import { queryClient } from './queryClient';
import { csrfToken, sessionStore, signedIn, signedOut, touchSession, unreachable } from './session';

/** What a call's answer is checked against: a contract schema (zod), or anything with `parse`. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** For calls that answer `null` (sign-out). */
export const noData: Parser<null> = { parse: () => null };

type Fields = Record<string, string | number | boolean | undefined>;

/**
 * A 401 anywhere ends the session: the shell gives way to the sign-in page, which says why (the
 * server's words when it sent some). Before anyone signed in (the launch check) it only means
 * "not signed in", which is no news.
 */
function endSession(serverMsg: string | undefined): void {
  if (sessionStore.get().status !== 'signedIn') return;
  queryClient.clear();
  signedOut(
    serverMsg === undefined
      ? { tone: 'warning', key: 'errors.session_ended' }
      : { tone: 'warning', text: serverMsg },
  );
}

/**
 * The staff API's request client: the shared request layer (envelope, timeout, language, error
 * codes) with the session as a cookie — no bearer token — and the CSRF token in a header. JSON
 * bodies: a cross-site form cannot send them, which backs the CSRF token up.
 */
const client = createApi({
  baseUrl: `${location.origin}${ADMIN_API_PREFIX}/`,
  getToken: () => undefined,
  // Staff sessions never rotate through the Authorization header.
  setToken: () => undefined,
  getLanguage: currentLocale,
  headers: (): Record<string, string> => {
    const token = csrfToken();
    return token === undefined ? {} : { [CSRF_HEADER]: token };
  },
  onUnauthorized: endSession,
});

let inflight: Promise<StaffSession | undefined> | undefined;

/**
 * Asks the server who is signed in and updates the session; 401 means nobody (or, for a member
 * who was signed in, that their session ended). Calls made while one is under way share it.
 */
export function loadSession(): Promise<StaffSession | undefined> {
  inflight ??= readSession().finally(() => {
    inflight = undefined;
  });
  return inflight;
}

async function readSession(): Promise<StaffSession | undefined> {
  try {
    const session = staffSessionSchema.parse(await client.get('auth/session'));
    signedIn(session);
    return session;
  } catch (error) {
    if (isApiError(error) && error.code === ERRORS.UNAUTHORIZED.code) {
      if (sessionStore.get().status === 'signedIn')
        endSession(error.msg === '' ? undefined : error.msg);
      else signedOut();
      return undefined;
    }
    if (sessionStore.get().status === 'loading') unreachable(error);
    throw error;
  }
}

/**
 * A state-changing call the server refused for its CSRF token (7003: the session was replaced in
 * another tab) or because the password must change first (7004) is not lost: the session is
 * read again — a new token, or the password-change screen — and a 7003 call is sent once more,
 * which is safe because the server did nothing with it.
 */
async function settle<T>(send: () => Promise<unknown>, parser: Parser<T>, retry: boolean) {
  try {
    const data = parser.parse(await send());
    touchSession();
    return data;
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.code === ERRORS.UNAUTHORIZED.code)
      endSession(error.msg === '' ? undefined : error.msg);
    const csrf = error.code === ERRORS.CSRF_TOKEN_INVALID.code;
    if (csrf || error.code === ERRORS.PASSWORD_CHANGE_REQUIRED.code) {
      await loadSession().catch(() => undefined);
      if (csrf && retry && sessionStore.get().status === 'signedIn') {
        return settle(send, parser, false);
      }
    }
    throw error;
  }
}

/** What a POST may carry beside its body. */
export interface PostOptions {
  /**
   * For calls that move money (adjustments): made once per intended action and sent again with
   * every retry of it, so the server applies it once (docs/ledger.md).
   */
  idempotencyKey?: string;
}

/** The staff API, every answer checked against the contract's schema for it. */
export const api = {
  get<T>(path: string, parser: Parser<T>, query?: Fields): Promise<T> {
    return settle(() => client.get(path, { query }), parser, false);
  },
  post<T>(path: string, parser: Parser<T>, body?: Fields, options: PostOptions = {}): Promise<T> {
    const { idempotencyKey } = options;
    return settle(() => client.post(path, { body, json: true, idempotencyKey }), parser, true);
  },
  /** A multipart POST: the fields first (the server reads those before the file), then `file`. */
  upload<T>(path: string, parser: Parser<T>, file: Blob, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    return settle(() => client.post(path, { body: form }), parser, true);
  },
};

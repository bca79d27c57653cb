import { ERRORS, isStaffErrorCode } from '@ampere/contract';
import type { UserErrorMessages } from '@ampere/contract/error-messages';
import type { TFunction } from 'i18next';
import { apiErrorKey, isApiError } from '@ampere/client';
import enUS from './locales/en-US';

/** The app's own client-side codes, and the server's (the contract's catalogue says them). */
type ErrorKey = keyof (typeof enUS)['errors'] | keyof UserErrorMessages;

const serverKeys = new Set<string>(
  Object.values(ERRORS)
    .filter((e) => !isStaffErrorCode(e.code))
    .map((e) => e.key),
);
const isErrorKey = (key: string): key is ErrorKey =>
  Object.hasOwn(enUS.errors, key) || serverKeys.has(key);

/**
 * Server answers about the request rather than anything the user did or can do ("This address
 * does not exist", a malformed body, a reused idempotency key, an internal error): the user is
 * told what failed in SPEC §8's words — the caller's `fallback` — instead.
 */
const TECHNICAL_CODES = new Set<number>(
  [
    ERRORS.MALFORMED_BODY,
    ERRORS.UNSUPPORTED_MEDIA_TYPE,
    ERRORS.PAYLOAD_TOO_LARGE,
    ERRORS.NOT_FOUND,
    ERRORS.METHOD_NOT_ALLOWED,
    ERRORS.IDEMPOTENCY_KEY_REUSED,
    ERRORS.IDEMPOTENCY_KEY_INVALID,
    ERRORS.HOST_NOT_ALLOWED,
    ERRORS.INTERNAL,
    ERRORS.SERVICE_UNAVAILABLE,
  ].map((e) => e.code),
);

interface Options {
  /** When nothing more specific is known. */
  fallback?: ErrorKey;
  /** When no answer arrived at all (offline, timeout), instead of the client code's message. */
  unanswered?: ErrorKey;
}

/**
 * What to tell the user about a failed request: the one place that maps failures to SPEC §8's
 * client messages, so every page says the same words for the same failure.
 * - No answer (offline, timeout): the client code's message ("Network connection failed, please
 *   check the network"), or `unanswered`.
 * - An answer about something the user can act on (wrong password, insufficient balance, an
 *   amount out of range): the server's own message, already in the user's language.
 * - Anything else (a server error, an answer about the request itself, no envelope, an unknown
 *   code, a bug): `fallback` — the operation's message ("Withdraw failed", "Upload failed"), else
 *   "Unexpected error, please try again".
 */
export function errorText(error: unknown, t: TFunction, options: Options = {}): string {
  const { fallback = 'unexpected', unanswered } = options;
  if (!isApiError(error)) return t(`errors.${fallback}`);
  if (error.status === undefined) {
    if (unanswered) return t(`errors.${unanswered}`);
  } else {
    // An answer without an envelope carries its HTTP status as code and statusText as message:
    // English, technical, and not for users.
    const enveloped = error.code !== error.status;
    const forUsers =
      enveloped &&
      error.status < 500 &&
      !TECHNICAL_CODES.has(error.code) &&
      apiErrorKey(error) !== undefined;
    if (!forUsers) return t(`errors.${fallback}`);
    if (error.msg !== '') return error.msg;
  }
  const key = apiErrorKey(error);
  const text = t(`errors.${key !== undefined && isErrorKey(key) ? key : fallback}`);
  // The catalogue's waits and counts ({{wait}}) come with the server's own message; without it,
  // the general message rather than a template.
  return text.includes('{{') ? t(`errors.${fallback}`) : text;
}

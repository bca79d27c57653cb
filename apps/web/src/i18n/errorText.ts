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

interface Options {
  /** When nothing more specific is known. */
  fallback?: ErrorKey;
  /** When no answer arrived at all (offline, timeout), instead of the client code's message. */
  unanswered?: ErrorKey;
}

/**
 * What to tell the user about a failed request. The server's own message comes first: it is
 * already in the user's language, which every request carries. Otherwise the message for the
 * code (server catalogue or client code), else `fallback`.
 */
export function errorText(error: unknown, t: TFunction, options: Options = {}): string {
  const { fallback = 'unexpected', unanswered } = options;
  if (isApiError(error)) {
    // An answer without an envelope carries its HTTP status as code and statusText as message:
    // English, technical, and not for users.
    const enveloped = error.status !== undefined && error.code !== error.status;
    if (enveloped && error.msg !== '') return error.msg;
    if (error.status === undefined && unanswered) return t(`errors.${unanswered}`);
  }
  const key = apiErrorKey(error);
  const text = t(`errors.${key !== undefined && isErrorKey(key) ? key : fallback}`);
  // The catalogue's waits and counts ({{wait}}) come with the server's own message; without it,
  // the general message rather than a template.
  return text.includes('{{') ? t(`errors.${fallback}`) : text;
}

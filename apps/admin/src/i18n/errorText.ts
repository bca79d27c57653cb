import { ERROR_MESSAGES_EN_US, STAFF_ERROR_MESSAGES_EN_US } from '@ampere/contract/error-messages';
import { apiErrorKey, isApiError } from '@ampere/client';
import type { TFunction } from 'i18next';
import enUS from './locales/en-US';

/** The app's own client-side codes, and the contract's catalogue of the server's. */
export type ErrorKey =
  | keyof (typeof enUS)['errors']
  | keyof typeof ERROR_MESSAGES_EN_US
  | keyof typeof STAFF_ERROR_MESSAGES_EN_US;

const isErrorKey = (key: string): key is ErrorKey =>
  Object.hasOwn(enUS.errors, key) ||
  Object.hasOwn(ERROR_MESSAGES_EN_US, key) ||
  Object.hasOwn(STAFF_ERROR_MESSAGES_EN_US, key);

interface Options {
  /** When nothing more specific is known. */
  fallback?: ErrorKey;
}

/**
 * What to tell staff about a failed request. The server's own message comes first: it is already
 * in the member's language (every request carries it) and says what a code alone cannot (how long
 * a throttle lasts). Otherwise the message for the code (the contract's catalogue, or the client's
 * own codes for the network and the clock), else `fallback`.
 */
export function errorText(error: unknown, t: TFunction, options: Options = {}): string {
  const { fallback = 'unexpected' } = options;
  if (isApiError(error)) {
    // An answer without an envelope carries its HTTP status as code and statusText as message.
    const enveloped = error.status !== undefined && error.code !== error.status;
    if (enveloped && error.msg !== '') return error.msg;
  }
  const key = apiErrorKey(error);
  const text = t(`errors.${key !== undefined && isErrorKey(key) ? key : fallback}`);
  // Catalogue entries with {{wait}} or {{remaining}} come filled in only with the server's message.
  return text.includes('{{') ? t(`errors.${fallback}`) : text;
}

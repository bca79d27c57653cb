import enUS from './en-US.json';

/**
 * The one catalogue of what each error code says (`errors.<key>` of `ERRORS`), in the 13 locales:
 * `<locale>.json` beside this file. The server answers with it in the envelope's `msg`; the web
 * app shows it for the same codes when no answer carried a message, and loads each locale's file
 * with that locale's own messages. `{{wait}}` and `{{remaining}}` are filled by whoever shows it.
 */
export type ErrorMessages = typeof enUS;
export type ErrorMessageKey = keyof ErrorMessages;

export const ERROR_MESSAGES_EN_US: ErrorMessages = enUS;

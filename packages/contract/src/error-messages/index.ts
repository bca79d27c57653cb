import enUS from './en-US.json';
import staffEnUS from './staff/en-US.json';

/**
 * The one catalogue of what each error code says (`errors.<key>` of `ERRORS`), in the 13 locales:
 * `<locale>.json` beside this file for every code a user can meet, and `staff/<locale>.json` for
 * the back office's (the 7000s), so the user app never downloads those. The server answers with
 * both in the envelope's `msg`; the web app shows the first for the same codes when no answer
 * carried a message. `{{wait}}` and `{{remaining}}` are filled by whoever shows it.
 */
export type UserErrorMessages = typeof enUS;
export type StaffErrorMessages = typeof staffEnUS;
export type ErrorMessages = UserErrorMessages & StaffErrorMessages;
export type ErrorMessageKey = keyof ErrorMessages;

export const ERROR_MESSAGES_EN_US: UserErrorMessages = enUS;
export const STAFF_ERROR_MESSAGES_EN_US: StaffErrorMessages = staffEnUS;

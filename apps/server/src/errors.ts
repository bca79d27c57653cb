import { ERRORS, type ErrorDef, type ErrorName } from '@ampere/contract';

/**
 * A business error: an expected refusal with a catalogue code (docs/errors.md). Services throw
 * it; the HTTP layer turns it into the envelope with a localized message. Anything that is not
 * an AppError is a bug and answers as INTERNAL without details.
 */
export class AppError extends Error {
  readonly def: ErrorDef;

  constructor(
    name: ErrorName,
    /** Interpolation values for the localized message, e.g. {min, max}. */
    readonly params: Record<string, string | number> = {},
    /** Extra machine-readable detail returned in `data`. */
    readonly data: unknown = null,
  ) {
    super(name);
    this.name = 'AppError';
    this.def = ERRORS[name];
  }
}

/**
 * The SQLSTATE our database functions raise for a business refusal (e.g. `trade_open`,
 * `ledger_move`); the message is the catalogue name of the error.
 */
export const DB_REFUSAL_SQLSTATE = 'AM001';

/** The AppError a database function refused with, if `error` is one (either driver). */
export function dbRefusal(error: unknown): AppError | undefined {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  if (!cause || typeof cause !== 'object' || !('code' in cause) || !('message' in cause)) {
    return undefined;
  }
  const { code, message } = cause;
  if (
    code !== DB_REFUSAL_SQLSTATE ||
    typeof message !== 'string' ||
    !Object.hasOwn(ERRORS, message)
  ) {
    return undefined;
  }
  return new AppError(message as ErrorName);
}

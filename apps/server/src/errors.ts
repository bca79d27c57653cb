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

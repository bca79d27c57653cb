/**
 * The money core: exact amounts in bigint minor units, named rounding, exact parsing and
 * formatting. Names are chosen not to clash with `../money.ts` (CURRENCIES, CurrencyKey,
 * currencyKeySchema, decimalStringSchema), which this folder builds on.
 */
export {
  AMOUNT_ERRORS,
  AmountParseError,
  CurrencyMismatchError,
  MAX_AMOUNT_MAJOR,
  MAX_AMOUNT_MINOR,
  MAX_AMOUNT_TEXT_LENGTH,
  MINOR_PER_MAJOR,
  Money,
  SCALES,
  convert,
  formatAmount,
  formatScaled,
  isAmountInRange,
  parseAmount,
  parseAmountOrThrow,
  parseScaled,
} from './amount.js';
export type { AmountError, AmountParseOptions, ExchangeRate, ParseResult } from './amount.js';
export {
  ROUNDING_MODES,
  divCeil,
  divFloor,
  divRound,
  divTrunc,
  roundHalfEven,
  roundHalfUp,
} from './rounding.js';
export type { RoundingMode } from './rounding.js';

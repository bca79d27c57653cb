import type { LocaleKey } from '@ampere/contract';
import { ABBREVIATE_FROM, MAX_DISPLAY_DECIMALS } from './constants';

/**
 * Number display (SPEC §5). Every input is a decimal string as it comes off the wire; the
 * arithmetic runs on bigint so no amount ever passes through a binary float, where "0.1" is
 * already wrong before any rounding happens.
 */

export interface ParsedDecimal {
  negative: boolean;
  /** Integer digits without leading zeros ("0" for zero). */
  int: string;
  /** Fraction digits exactly as given ("" when there is no fraction). */
  frac: string;
}

export type Rounding = 'truncate' | 'halfEven';

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;
/** Longer strings are not amounts; the cap keeps bigint work bounded. */
const MAX_DECIMAL_CHARS = 64;

export function parseDecimal(value: string): ParsedDecimal {
  // The parameter is typed string, but values arrive from JSON at run time; a number here means
  // a float slipped through the contract, which is a bug worth failing loudly on.
  const raw: unknown = value;
  if (typeof raw !== 'string' || raw.length > MAX_DECIMAL_CHARS || !DECIMAL_RE.test(raw)) {
    throw new TypeError(`Not a decimal string: ${JSON.stringify(raw)}`);
  }
  const negative = raw.startsWith('-');
  const [intDigits = '0', frac = ''] = (negative ? raw.slice(1) : raw).split('.');
  return { negative, int: intDigits.replace(/^0+(?=\d)/, ''), frac };
}

/** A decimal as `units / 10^scale`. */
interface Scaled {
  units: bigint;
  scale: number;
}

function toScaled(p: ParsedDecimal): Scaled {
  const magnitude = BigInt(p.int + p.frac);
  return { units: p.negative ? -magnitude : magnitude, scale: p.frac.length };
}

const pow10 = (exponent: number): bigint => 10n ** BigInt(exponent);
const abs = (n: bigint): bigint => (n < 0n ? -n : n);

/** Divides by a positive divisor with a named rounding mode (bigint `/` truncates toward zero). */
export function divRound(dividend: bigint, divisor: bigint, rounding: Rounding): bigint {
  if (divisor <= 0n) throw new RangeError('divisor must be positive');
  const quotient = dividend / divisor;
  if (rounding === 'truncate') return quotient;
  const twiceRemainder = abs(dividend % divisor) * 2n;
  const awayFromZero = dividend < 0n ? quotient - 1n : quotient + 1n;
  if (twiceRemainder > divisor) return awayFromZero;
  // Exact ties go to the even neighbour so repeated rounding carries no bias.
  if (twiceRemainder === divisor && quotient % 2n !== 0n) return awayFromZero;
  return quotient;
}

/** Re-expresses a decimal in units of 10^-decimals. */
function rescale(value: Scaled, decimals: number, rounding: Rounding): bigint {
  if (decimals >= value.scale) return value.units * pow10(decimals - value.scale);
  return divRound(value.units, pow10(value.scale - decimals), rounding);
}

/**
 * The display language's separators, from Intl (de "1.000,5", ru "1 000,5", fr "1 000,5"): only
 * the characters are taken from Intl; the digits are always our own, from the decimal string.
 */
export interface NumberSymbols {
  group: string;
  decimal: string;
  /** Digits the integer part needs before it is grouped: 4 in most locales, 5 in es (CLDR). */
  minGroupingDigits: number;
}

const EN_SYMBOLS: NumberSymbols = { group: ',', decimal: '.', minGroupingDigits: 4 };
let symbols: NumberSymbols = EN_SYMBOLS;

/** The separators `locale` uses, as Intl knows them (English's if Intl does not). */
export function numberSymbolsFor(locale: string): NumberSymbols {
  try {
    // The default grouping ("auto") is the locale's own, minimum grouping digits included.
    const format = new Intl.NumberFormat(locale);
    // Integers and a fraction only in the literal: no amount goes through a float here.
    const part = (n: number, type: string) =>
      format.formatToParts(n).find((p) => p.type === type)?.value;
    const group = part(10000.5, 'group') ?? ',';
    const decimal = part(10000.5, 'decimal') ?? '.';
    return { group, decimal, minGroupingDigits: part(1000, 'group') === undefined ? 5 : 4 };
  } catch {
    return EN_SYMBOLS;
  }
}

/**
 * The 13 app languages' separators (CLDR, as Intl gives them: format.test.ts checks each against
 * `numberSymbolsFor`). Written out because the first `Intl.NumberFormat` of a page loads the
 * locale's ICU data — 50 ms on the main thread as the app starts, 200 ms on a slow phone (issue
 * #20, TBT) — for four characters and a number.
 */
const COMMA_POINT: NumberSymbols = EN_SYMBOLS;
const POINT_COMMA: NumberSymbols = { group: '.', decimal: ',', minGroupingDigits: 4 };
export const APP_NUMBER_SYMBOLS: Readonly<Record<string, NumberSymbols>> = {
  'en-US': COMMA_POINT,
  'zh-Hans': COMMA_POINT,
  'zh-Hant': COMMA_POINT,
  ja: COMMA_POINT,
  ko: COMMA_POINT,
  th: COMMA_POINT,
  vi: POINT_COMMA,
  de: POINT_COMMA,
  pt: POINT_COMMA,
  it: { group: '.', decimal: ',', minGroupingDigits: 5 },
  es: { group: '.', decimal: ',', minGroupingDigits: 5 },
  ru: { group: '\u00a0', decimal: ',', minGroupingDigits: 4 },
  fr: { group: '\u202f', decimal: ',', minGroupingDigits: 4 },
};

/**
 * Sets the language every display format below uses (the app calls it when its language
 * changes). Plain decimal strings for the wire (`minorToDecimal`) never change.
 */
export function setNumberLocale(locale: string): void {
  symbols = Object.hasOwn(APP_NUMBER_SYMBOLS, locale)
    ? (APP_NUMBER_SYMBOLS[locale] ?? EN_SYMBOLS)
    : numberSymbolsFor(locale);
}

function groupThousands(intDigits: string): string {
  if (intDigits.length < symbols.minGroupingDigits) return intDigits;
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, symbols.group);
}

interface RenderOptions {
  trimZeros: boolean;
  grouping: boolean;
  /** Fraction digits kept when trimming zeros. */
  minFraction?: number;
}

/** Renders `units / 10^decimals`. A value that rounded to zero never shows as "-0". */
function render(units: bigint, decimals: number, opts: RenderOptions): string {
  const digits = abs(units)
    .toString()
    .padStart(decimals + 1, '0');
  const intDigits = digits.slice(0, digits.length - decimals);
  const fracRaw = digits.slice(digits.length - decimals);
  const trimmed = opts.trimZeros ? fracRaw.replace(/0+$/, '') : fracRaw;
  const frac = trimmed.padEnd(Math.min(opts.minFraction ?? 0, fracRaw.length), '0');
  const sign = units < 0n ? '-' : '';
  // Grouped output is for people, in their language; ungrouped output is a plain decimal.
  const int = opts.grouping ? groupThousands(intDigits) : intDigits;
  const point = opts.grouping ? symbols.decimal : '.';
  return frac === '' ? sign + int : `${sign}${int}${point}${frac}`;
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DISPLAY_DECIMALS) {
    throw new RangeError(`decimals must be an integer in 0..${MAX_DISPLAY_DECIMALS}`);
  }
}

/** Converts integer minor units (e.g. cents at scale 2) to a plain decimal string. */
export function minorToDecimal(minor: bigint, scale: number): string {
  assertDecimals(scale);
  return render(minor, scale, { trimZeros: false, grouping: false });
}

/**
 * Amount display: 2 decimals once the integer part has 4 or more digits, else 4; trailing zeros
 * trimmed. It truncates toward zero rather than rounding: a balance of 0.99999 must not read
 * "1", because the user cannot spend money the screen shows but the ledger does not hold.
 * `minFraction` stops the trimming there (money screens keep the cents: "100.00").
 */
export function formatAmount(value: string, minFraction = 0): string {
  const parsed = parseDecimal(value);
  const decimals = parsed.int.length >= 4 ? 2 : 4;
  const units = rescale(toScaled(parsed), decimals, 'truncate');
  return render(units, decimals, { trimZeros: true, grouping: true, minFraction });
}

export function formatAmountMinor(minor: bigint, scale: number): string {
  return formatAmount(minorToDecimal(minor, scale));
}

/** Fixed decimals (0–20), half-even rounding, thousands grouping. */
export function formatNumber(value: string, decimals: number): string {
  assertDecimals(decimals);
  const units = rescale(toScaled(parseDecimal(value)), decimals, 'halfEven');
  return render(units, decimals, { trimZeros: false, grouping: true });
}

/**
 * The unit ladder of SPEC §5. K is on it for completeness, but because abbreviation starts at
 * one million (ABBREVIATE_FROM) the smallest unit actually shown is M.
 */
const UNITS = [
  { suffix: 'K', exponent: 3 },
  { suffix: 'M', exponent: 6 },
  { suffix: 'B', exponent: 9 },
  { suffix: 'T', exponent: 12 },
] as const;

/** Values of one million and more read 1.5M, 2.25B, 1,000T (T is the largest unit). */
export function abbreviateNumber(value: string, decimals = 2): string {
  assertDecimals(decimals);
  const scaled = toScaled(parseDecimal(value));
  const magnitude = abs(scaled.units);
  if (magnitude < ABBREVIATE_FROM * pow10(scaled.scale)) return formatNumber(value, decimals);

  const first = UNITS.findLastIndex((u) => magnitude >= pow10(u.exponent + scaled.scale));
  for (let index = Math.max(first, 0); index < UNITS.length; index += 1) {
    const unit = UNITS[index];
    if (unit === undefined) break;
    const units = rescale(
      { units: scaled.units, scale: scaled.scale + unit.exponent },
      decimals,
      'halfEven',
    );
    // 999,999,999 would round to "1,000M"; moving up a unit reads "1B" instead. T is the cap.
    const isLargest = index === UNITS.length - 1;
    if (isLargest || abs(units) < 1000n * pow10(decimals)) {
      return render(units, decimals, { trimZeros: true, grouping: true }) + unit.suffix;
    }
  }
  throw new Error('abbreviateNumber: the unit ladder always ends in a return');
}

/**
 * SPEC §5: "USD in English, CNY in Chinese". Only the symbol changes; the amount is never
 * converted. Locales other than English show CNY as well, since CNY is the platform's base
 * currency.
 */
export function currencySymbol(locale: LocaleKey): string {
  return locale === 'en-US' ? '$' : '¥';
}

/** Always 2 decimals, half-even, with the minus sign before the symbol: "-$1,234.50". */
export function formatCurrency(value: string, locale: LocaleKey): string {
  const units = rescale(toScaled(parseDecimal(value)), 2, 'halfEven');
  const body = render(abs(units), 2, { trimZeros: false, grouping: true });
  return `${units < 0n ? '-' : ''}${currencySymbol(locale)}${body}`;
}

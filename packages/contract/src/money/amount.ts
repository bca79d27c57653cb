/**
 * The money core (BRIEF §3, CONVENTIONS "Money"): amounts are `bigint` minor units with a fixed
 * scale per currency; a JavaScript `number` never holds money. Text becomes money only through
 * `parseAmount` (exact, never rounds) and money becomes text only through `formatAmount` (exact,
 * always the full scale). Pure: no I/O, no clock, no locale.
 */
import { CURRENCIES, type CurrencyKey } from '../money.js';
import { divRound, type RoundingMode } from './rounding.js';

type CurrencyDef = (typeof CURRENCIES)[number];

function byCurrency<T>(pick: (currency: CurrencyDef) => T): Readonly<Record<CurrencyKey, T>> {
  const out = {} as Record<CurrencyKey, T>;
  for (const currency of CURRENCIES) out[currency.key] = pick(currency);
  return Object.freeze(out);
}

/** Decimal places of each currency's minor unit (CNY 2, USDT 6), derived from `CURRENCIES`. */
export const SCALES: Readonly<Record<CurrencyKey, number>> = byCurrency((c) => c.scale);

/** Minor units in one major unit: 10^scale (CNY 100, USDT 1 000 000). */
export const MINOR_PER_MAJOR: Readonly<Record<CurrencyKey, bigint>> = byCurrency(
  (c) => 10n ** BigInt(c.scale),
);

/**
 * The largest magnitude any amount may reach, in major units, exclusive: one trillion.
 *
 * Invariant: in every currency, every amount satisfies |amount| < MAX_AMOUNT_MAJOR. Parsing
 * rejects larger text (`too_large`) and every operation that would leave the range throws a
 * `RangeError`. The bound keeps minor units inside a signed 64-bit integer (PostgreSQL `bigint`)
 * for the finest currency, USDT at scale 6: 10^12 × 10^6 = 10^18 < 2^63 − 1 ≈ 9.22 × 10^18, with
 * room for a sum of a few such amounts before a database column could overflow.
 */
export const MAX_AMOUNT_MAJOR = 1_000_000_000_000n;

/** The exclusive bound of `MAX_AMOUNT_MAJOR` in each currency's minor units. */
export const MAX_AMOUNT_MINOR: Readonly<Record<CurrencyKey, bigint>> = byCurrency(
  (c) => MAX_AMOUNT_MAJOR * 10n ** BigInt(c.scale),
);

/**
 * Text longer than this is refused before any number is built. The longest valid amount is far
 * shorter (USDT: "-999999999999.999999", 20 characters).
 */
export const MAX_AMOUNT_TEXT_LENGTH = 40;

/**
 * Why text is not an amount. Checked in this order, the first that applies wins:
 * `empty` → `format` → `too_many_decimals` → `too_large` → `negative_zero` → `negative` → `zero`.
 *
 * - `empty` — the empty string.
 * - `format` — anything but ASCII `-?(0|[1-9][0-9]*)(\.[0-9]+)?`: whitespace anywhere, `+`,
 *   exponents, `NaN`, `Infinity`, hex, separators (`1_000`, `1,000`), a bare `.5` or `5.`,
 *   leading zeros (`007`), digits of other scripts (full-width, Arabic-Indic, …).
 * - `too_many_decimals` — more fraction digits than the currency's scale, even trailing zeros
 *   ("1.000" in CNY): nothing is ever rounded away silently.
 * - `too_large` — |amount| ≥ `MAX_AMOUNT_MAJOR`; also any run of digits (optionally signed)
 *   longer than `MAX_AMOUNT_TEXT_LENGTH` characters, while any other text that long is `format`.
 * - `negative_zero` — "-0", "-0.00": a sign on zero is never canonical, whatever the options.
 * - `negative` — a negative amount when `allowNegative` is not set.
 * - `zero` — zero when `allowZero` is not set.
 */
export type AmountError =
  'empty' | 'format' | 'too_many_decimals' | 'too_large' | 'negative_zero' | 'negative' | 'zero';

/** Every `AmountError`, in the order they are checked. */
export const AMOUNT_ERRORS: readonly AmountError[] = Object.freeze([
  'empty',
  'format',
  'too_many_decimals',
  'too_large',
  'negative_zero',
  'negative',
  'zero',
]);

export interface AmountParseOptions {
  /** Accept amounts below zero. Default false. */
  readonly allowNegative?: boolean;
  /** Accept zero ("0", "0.00"). Default false. */
  readonly allowZero?: boolean;
}

export type ParseResult = { ok: true; minor: bigint } | { ok: false; reason: AmountError };

/** Thrown by `parseAmountOrThrow` and `Money.parse`. The text itself is not kept (it may be huge). */
export class AmountParseError extends Error {
  override readonly name = 'AmountParseError';
  readonly reason: AmountError;

  constructor(reason: AmountError) {
    super(`Invalid amount: ${reason}`);
    this.reason = reason;
  }
}

/** Thrown when two amounts of different currencies meet in one operation. */
export class CurrencyMismatchError extends Error {
  override readonly name = 'CurrencyMismatchError';
  readonly expected: CurrencyKey;
  readonly actual: CurrencyKey;

  constructor(expected: CurrencyKey, actual: CurrencyKey) {
    super(`Currency mismatch: expected ${expected}, got ${actual}`);
    this.expected = expected;
    this.actual = actual;
  }
}

/** Canonical amount text: optional minus, integer part without leading zeros, optional fraction. */
const AMOUNT_PATTERN = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;
/** An (optionally signed) run of ASCII digits: the only over-long text reported as `too_large`. */
const DIGIT_RUN_PATTERN = /^-?[0-9]+$/;

/** The scale of `currency`; throws on a key that is not a currency (a programming error). */
function scaleOf(currency: CurrencyKey): number {
  const key: unknown = currency;
  if (typeof key !== 'string' || !Object.hasOwn(SCALES, key)) {
    throw new RangeError(`Unknown currency: ${String(key)}`);
  }
  return SCALES[currency];
}

/** True when `minor` is a bigint inside the range of `MAX_AMOUNT_MAJOR` for `currency`. */
export function isAmountInRange(minor: bigint, currency: CurrencyKey): boolean {
  scaleOf(currency);
  const value: unknown = minor;
  if (typeof value !== 'bigint') return false;
  const bound = MAX_AMOUNT_MINOR[currency];
  return value > -bound && value < bound;
}

/** Throws unless `minor` is a bigint within range (guards untyped callers passing a `number`). */
function assertAmount(minor: bigint, currency: CurrencyKey, what: string): void {
  const value: unknown = minor;
  if (typeof value !== 'bigint') throw new TypeError(`${what}: amount must be a bigint`);
  if (!isAmountInRange(minor, currency)) {
    throw new RangeError(`${what}: amount out of range (|amount| < ${MAX_AMOUNT_MAJOR} units)`);
  }
}

/**
 * Parses decimal text into minor units of `currency`, exactly, or says why it cannot.
 *
 * Never throws on any text (an unknown `currency` key is a programming error and throws). Never
 * rounds: text with more decimals than the scale is refused. Never trims: surrounding whitespace
 * is a `format` error. See `AmountError` for the grammar and the order of the checks.
 */
export function parseAmount(
  text: string,
  currency: CurrencyKey,
  opts: AmountParseOptions = {},
): ParseResult {
  const scale = scaleOf(currency);
  // Untyped callers (JSON bodies) might hand over a number; it must never be read as money.
  const input: unknown = text;
  if (typeof input !== 'string') return { ok: false, reason: 'format' };
  if (input === '') return { ok: false, reason: 'empty' };
  if (input.length > MAX_AMOUNT_TEXT_LENGTH) {
    return { ok: false, reason: DIGIT_RUN_PATTERN.test(input) ? 'too_large' : 'format' };
  }

  const match = AMOUNT_PATTERN.exec(input);
  if (match === null) return { ok: false, reason: 'format' };
  const negative = match[1] === '-';
  const integer = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (fraction.length > scale) return { ok: false, reason: 'too_many_decimals' };

  // At most 40 digits here, so building the bigint is cheap.
  const magnitude = BigInt(integer + fraction.padEnd(scale, '0'));
  if (magnitude >= MAX_AMOUNT_MINOR[currency]) return { ok: false, reason: 'too_large' };
  if (negative && magnitude === 0n) return { ok: false, reason: 'negative_zero' };
  if (negative && opts.allowNegative !== true) return { ok: false, reason: 'negative' };
  if (magnitude === 0n && opts.allowZero !== true) return { ok: false, reason: 'zero' };
  return { ok: true, minor: negative ? -magnitude : magnitude };
}

/** `parseAmount`, throwing `AmountParseError` (with `.reason`) instead of returning a failure. */
export function parseAmountOrThrow(
  text: string,
  currency: CurrencyKey,
  opts?: AmountParseOptions,
): bigint {
  const result = parseAmount(text, currency, opts);
  if (!result.ok) throw new AmountParseError(result.reason);
  return result.minor;
}

/**
 * Exact decimal text of `minor` units of `currency`, always with exactly the currency's scale
 * digits and no grouping: 123450n CNY → "1234.50", −1n USDT → "-0.000001", 0n CNY → "0.00".
 *
 * Because the full scale is always written, `parseAmount(formatAmount(m))` gives back `m` for every
 * in-range `m` (with `allowNegative` and `allowZero`), and `formatAmount(parseAmount(x))` is `x`
 * with its fraction padded with zeros to the scale ("12.5" → "12.50" in CNY).
 *
 * Formatting is total over bigints (it does not enforce the range; parsing does).
 */
export function formatAmount(minor: bigint, currency: CurrencyKey): string {
  return formatScaled(minor, scaleOf(currency));
}

/**
 * Exact decimal string of an integer at any scale (prices have their own per product):
 * `formatScaled(9712345n, 2)` → "97123.45". Always `scale` decimals, no grouping.
 */
export function formatScaled(minor: bigint, scale: number): string {
  const value: unknown = minor;
  if (typeof value !== 'bigint') throw new TypeError('formatScaled: value must be a bigint');
  if (!Number.isInteger(scale) || scale < 0 || scale > 18)
    throw new RangeError('scale must be 0–18');
  const magnitude = minor < 0n ? -minor : minor;
  const sign = minor < 0n ? '-' : '';
  const digits = magnitude.toString().padStart(scale + 1, '0');
  if (scale === 0) return sign + digits;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** The integer behind an exact decimal string at `scale` ("97123.45", 2 → 9712345n); throws on anything else. */
export function parseScaled(text: string, scale: number): bigint {
  const match = /^(-?)(0|[1-9]\d{0,20})(?:\.(\d+))?$/.exec(text);
  const fraction = match?.[3] ?? '';
  if (!match || fraction.length > scale)
    throw new RangeError(`not a decimal at scale ${scale}: ${text}`);
  const value = BigInt(`${match[2] ?? '0'}${fraction.padEnd(scale, '0')}`);
  return match[1] === '-' ? -value : value;
}

/**
 * An exact rational exchange rate: `num / den` units of the target currency per one unit of the
 * source currency. Both must be positive.
 */
export interface ExchangeRate {
  readonly num: bigint;
  readonly den: bigint;
}

/**
 * Converts `minor` units of `from` into minor units of `to` at `rate` (units of `to` per one unit
 * of `from`), rounding once with `mode`. The scale difference is handled exactly:
 *
 *   to_minor = round(minor × rate.num × 10^scale(to) / (rate.den × 10^scale(from)))
 *
 * Example: 100.00 CNY at 1 USDT = 7.1 CNY, so the rate is 1/7.1 = 10/71 USDT per CNY:
 * 10 000 × 10 × 10^6 / (71 × 10^2) = 14 084 507.04… → floor → 14084507 (14.084507 USDT).
 *
 * @throws RangeError when the rate is not positive, or the amount or the result is out of range.
 */
export function convert(
  minor: bigint,
  from: CurrencyKey,
  to: CurrencyKey,
  rate: ExchangeRate,
  mode: RoundingMode,
): bigint {
  assertAmount(minor, from, 'convert');
  scaleOf(to);
  if (rate.num <= 0n || rate.den <= 0n) {
    throw new RangeError('convert: rate numerator and denominator must be positive');
  }
  const result = divRound(
    minor * rate.num * MINOR_PER_MAJOR[to],
    rate.den * MINOR_PER_MAJOR[from],
    mode,
  );
  assertAmount(result, to, 'convert');
  return result;
}

/**
 * An immutable amount of one currency. Construct with `Money.of` (minor units) or `Money.parse`
 * (text); there is no way to build one from a `number`. Operations return new values, refuse to
 * mix currencies (`CurrencyMismatchError`) and refuse to leave the range of `MAX_AMOUNT_MAJOR`
 * (`RangeError`). Serialises to its `formatAmount` text.
 */
export class Money {
  /** Marks real instances, so the type is nominal and `Money.isMoney` can check at runtime. */
  readonly #brand = true;
  readonly currency: CurrencyKey;
  readonly minor: bigint;

  private constructor(currency: CurrencyKey, minor: bigint) {
    this.currency = currency;
    this.minor = minor;
    Object.freeze(this);
  }

  /** `minor` units of `currency`. Throws RangeError when out of range, TypeError on a non-bigint. */
  static of(currency: CurrencyKey, minor: bigint): Money {
    assertAmount(minor, currency, 'Money.of');
    return new Money(currency, minor);
  }

  /** Zero of `currency`. */
  static zero(currency: CurrencyKey): Money {
    return Money.of(currency, 0n);
  }

  /** Parses `text` like `parseAmount` (same defaults); throws `AmountParseError`. */
  static parse(currency: CurrencyKey, text: string, opts?: AmountParseOptions): Money {
    return new Money(currency, parseAmountOrThrow(text, currency, opts));
  }

  /** True for values created by this class (not look-alike plain objects). */
  static isMoney(value: unknown): value is Money {
    return typeof value === 'object' && value !== null && #brand in value;
  }

  plus(other: Money): Money {
    this.#sameCurrency(other);
    return Money.of(this.currency, this.minor + other.minor);
  }

  minus(other: Money): Money {
    this.#sameCurrency(other);
    return Money.of(this.currency, this.minor - other.minor);
  }

  negate(): Money {
    return new Money(this.currency, -this.minor);
  }

  isZero(): boolean {
    return this.minor === 0n;
  }

  isNegative(): boolean {
    return this.minor < 0n;
  }

  isPositive(): boolean {
    return this.minor > 0n;
  }

  /** −1, 0 or 1 as this is below, equal to or above `other`. */
  compare(other: Money): -1 | 0 | 1 {
    this.#sameCurrency(other);
    if (this.minor < other.minor) return -1;
    return this.minor > other.minor ? 1 : 0;
  }

  /** Same amount; throws `CurrencyMismatchError` for another currency, like every binary operation. */
  equals(other: Money): boolean {
    return this.compare(other) === 0;
  }

  /**
   * This amount times `num / den`, rounded once with `mode`:
   * `divRound(minor × num, den, mode)`. E.g. an 85% payout in basis points:
   * `stake.mulRatio(8500n, 10000n, 'floor')`. Throws RangeError on `den` = 0 or a result out of
   * range.
   */
  mulRatio(num: bigint, den: bigint, mode: RoundingMode): Money {
    return Money.of(this.currency, divRound(this.minor * num, den, mode));
  }

  toString(): string {
    return formatAmount(this.minor, this.currency);
  }

  toJSON(): string {
    return this.toString();
  }

  #sameCurrency(other: Money): void {
    if (other.currency !== this.currency)
      throw new CurrencyMismatchError(this.currency, other.currency);
  }
}

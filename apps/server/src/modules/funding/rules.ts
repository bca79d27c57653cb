import {
  convert,
  divRound,
  formatAmount,
  formatScaled,
  MINOR_PER_MAJOR,
  parseAmount,
  type CurrencyKey,
  type FeeRounding,
} from '@ampere/contract';
import { fractionPpm } from '@ampere/contract/admin';
import { AppError } from '../../errors.js';

/**
 * Funding's rules as pure functions (docs/funding.md): amounts, cards, fees, exchange arithmetic
 * and the operator's day. No I/O, no clock: callers pass the time.
 */

/** A user-typed amount in `currency`'s scale, positive; anything else is AMOUNT_INVALID (4006). */
export function amountOf(text: string, currency: CurrencyKey): bigint {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw new AppError('AMOUNT_INVALID');
  return parsed.minor;
}

/** `min ≤ amount ≤ max`, else FUNDING_AMOUNT_OUT_OF_RANGE naming the bounds. */
export function assertWithin(amount: bigint, min: bigint, max: bigint, currency: CurrencyKey) {
  if (amount < min || amount > max) {
    const bounds = { min: formatAmount(min, currency), max: formatAmount(max, currency) };
    throw new AppError('FUNDING_AMOUNT_OUT_OF_RANGE', bounds, bounds);
  }
}

/** Minor units of a decimal text the settings schema already accepted. */
export function minorOf(text: string, currency: CurrencyKey): bigint {
  const parsed = parseAmount(text, currency, { allowZero: true });
  if (!parsed.ok) throw new Error(`stored funding amount does not parse: ${text}`);
  return parsed.minor;
}

// ---- Cards ------------------------------------------------------------------------------------

export type CardScheme = 'unionpay' | 'visa' | 'mastercard' | 'jcb';

/**
 * The card schemes mainland banks issue and we pay CNY to, by number prefix. UnionPay (62) is
 * not bound to the Luhn check digit — many of its debit cards do not satisfy it — so Luhn
 * applies to Visa (4), Mastercard (51–55, 2221–2720) and JCB (3528–3589) only.
 */
export function cardScheme(digits: string): CardScheme | undefined {
  if (digits.startsWith('62')) return 'unionpay';
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (four >= 3528 && four <= 3589) return 'jcb';
  return undefined;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 16–19 digits (the contract checked the shape), a scheme we pay to, and Luhn where it applies. */
export function assertCardNumber(digits: string): CardScheme {
  const scheme = cardScheme(digits);
  if (!scheme) throw new AppError('CARD_UNSUPPORTED');
  if (scheme !== 'unionpay' && !luhnValid(digits)) throw new AppError('CARD_NUMBER_INVALID');
  return scheme;
}

export const maskCard = (last4: string) => `**** **** **** ${last4}`;

/** Names compare without case or surrounding and repeated spaces ("Li  Lei" is "li lei"). */
export const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

// ---- Withdrawal fee ---------------------------------------------------------------------------

export interface FeeRule {
  fixedMinor: bigint;
  /** "0.5" = 0.5 %: at most 4 decimals. */
  percent: string;
  rounding: FeeRounding;
}

/** "0.5" → 5000 (percent × 10^4, exact). */
export function percentE4(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
}

/** fee = fixed + round(amount × percent / 100) in minor units, rounded as the rule names. */
export function withdrawFee(amountMinor: bigint, rule: FeeRule): bigint {
  const variable = divRound(amountMinor * percentE4(rule.percent), 100n * 10_000n, rule.rounding);
  return rule.fixedMinor + variable;
}

const ROUNDING_NAMES: Record<FeeRounding, string> = {
  halfEven: 'half-even',
  halfUp: 'half-up',
  ceil: 'up',
  floor: 'down',
};

/** "2.00 + 1000.00 × 0.5% = 7.00 (half-even)". */
export function feeArithmetic(
  amountMinor: bigint,
  rule: FeeRule,
  feeMinor: bigint,
  currency: CurrencyKey,
): string {
  const f = (m: bigint) => formatAmount(m, currency);
  return `${f(rule.fixedMinor)} + ${f(amountMinor)} × ${rule.percent}% = ${f(feeMinor)} (${ROUNDING_NAMES[rule.rounding]})`;
}

// ---- Exchange ---------------------------------------------------------------------------------

/** Rates are CNY per 1 USDT with 6 decimals, held as integers × 10^6. */
export const RATE_SCALE = 6;
export const rateText = (micro: bigint) => formatScaled(micro, RATE_SCALE);

export interface Rates {
  midMicro: bigint;
  /** Users buying USDT pay this: mid × (1 + spread), rounded up. */
  buyMicro: bigint;
  /** Users selling USDT get this: mid × (1 − spread), rounded down. */
  sellMicro: bigint;
}

/** Both sides of a middle rate and a spread in basis points; each rounds in the platform's favour. */
export function ratesOf(midMicro: bigint, spreadBps: number): Rates {
  const bps = BigInt(spreadBps);
  return {
    midMicro,
    buyMicro: divRound(midMicro * (10_000n + bps), 10_000n, 'ceil'),
    sellMicro: divRound(midMicro * (10_000n - bps), 10_000n, 'floor'),
  };
}

export interface ExchangeMath {
  from: CurrencyKey;
  to: CurrencyKey;
  amountMinor: bigint;
  feeMinor: bigint;
  netMinor: bigint;
  rateMicro: bigint;
  receiveMinor: bigint;
}

/** A cent of `currency` in its minor units: CNY 1 (0.01), USDT 10 000 (0.01). */
const CENT: Record<CurrencyKey, bigint> = {
  money: MINOR_PER_MAJOR.money / 100n,
  usdt: MINOR_PER_MAJOR.usdt / 100n,
};

/**
 * SPEC §9: fee = amount × feeRate rounded half-even to the cent of the source currency, deducted
 * from the amount exchanged; the rest converts at the direction's rate, rounded down to the
 * target's scale (a fraction of a minor unit is never paid out).
 */
export function exchangeMath(
  from: CurrencyKey,
  amountMinor: bigint,
  feeRate: string,
  rates: Rates,
): ExchangeMath {
  const to: CurrencyKey = from === 'money' ? 'usdt' : 'money';
  const cent = CENT[from];
  const feeMinor =
    divRound(amountMinor * BigInt(fractionPpm(feeRate)), 1_000_000n * cent, 'halfEven') * cent;
  const netMinor = amountMinor - feeMinor;
  const rateMicro = from === 'money' ? rates.buyMicro : rates.sellMicro;
  // Units of `to` per unit of `from`: USDT per CNY is 10^6 / rate; CNY per USDT is rate / 10^6.
  const rate =
    from === 'money'
      ? { num: MINOR_PER_MAJOR.usdt, den: rateMicro }
      : { num: rateMicro, den: MINOR_PER_MAJOR.usdt };
  const receiveMinor = netMinor > 0n ? convert(netMinor, from, to, rate, 'floor') : 0n;
  return { from, to, amountMinor, feeMinor, netMinor, rateMicro, receiveMinor };
}

/** "1000.00 × 0.001 = 1.00 CNY fee; (1000.00 − 1.00) ÷ 7.286250 = 137.107633 USDT (rounded down)". */
export function exchangeArithmetic(m: ExchangeMath, feeRate: string): string {
  const f = formatAmount;
  const name = (c: CurrencyKey) => (c === 'money' ? 'CNY' : 'USDT');
  const op = m.from === 'money' ? '÷' : '×';
  return (
    `${f(m.amountMinor, m.from)} × ${feeRate} = ${f(m.feeMinor, m.from)} ${name(m.from)} fee; ` +
    `(${f(m.amountMinor, m.from)} − ${f(m.feeMinor, m.from)}) ${op} ${rateText(m.rateMicro)} = ` +
    `${f(m.receiveMinor, m.to)} ${name(m.to)} (rounded down)`
  );
}

// ---- The operator's day -----------------------------------------------------------------------

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Minutes since the operator's midnight at `at` (0–1439). */
export function minuteOfDay(at: Date, tzOffsetMinutes: number): number {
  const local = at.getTime() + tzOffsetMinutes * MINUTE_MS;
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

/** The operator's day around `at`: [start, end). */
export function operatorDay(at: Date, tzOffsetMinutes: number): { start: Date; end: Date } {
  const offset = tzOffsetMinutes * MINUTE_MS;
  const startLocal = Math.floor((at.getTime() + offset) / DAY_MS) * DAY_MS;
  return { start: new Date(startLocal - offset), end: new Date(startLocal - offset + DAY_MS) };
}

/** "09:30" → 570; "24:00" → 1440. */
export const clockMinutes = (hhmm: string) =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` is inside [from, to) of the operator's day; an empty window (from ≥ to) is never open. */
export function windowOpen(at: Date, from: string, to: string, tzOffsetMinutes: number): boolean {
  const m = minuteOfDay(at, tzOffsetMinutes);
  return m >= clockMinutes(from) && m < clockMinutes(to);
}

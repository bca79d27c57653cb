import { formatAmount as formatExact, parseAmount, roundHalfEven } from '@ampere/contract';
import type { CurrencyKey, Period } from '@ampere/contract';

/**
 * The arithmetic of a stake, exactly as the server settles it (docs/trading-rules.md): every
 * amount is bigint minor units, every rate an exact fraction. Nothing passes through a float.
 */

/** A payout rate ("0.8", "0.855") as the exact fraction num / den. */
export interface Rate {
  num: bigint;
  den: bigint;
}

const RATE = /^(0|[1-9]\d{0,3})(?:\.(\d{1,8}))?$/;

/** The rate text of a period; undefined for anything that is not a plain non-negative decimal. */
export function parseRate(text: string): Rate | undefined {
  const match = RATE.exec(text);
  if (match === null) return undefined;
  const fraction = match[2] ?? '';
  return {
    num: BigInt(`${match[1] ?? '0'}${fraction}`),
    den: 10n ** BigInt(fraction.length),
  };
}

/** "0.8" → "80", "0.855" → "85.5": the rate in percent, exact, without trailing zeros. */
export function ratePercent(text: string): string {
  const rate = parseRate(text);
  if (rate === undefined) return text;
  // × 100 for percent; the fraction keeps every digit the rate has.
  const hundredfold = rate.num * 100n;
  const scale = rate.den.toString().length - 1;
  const digits = hundredfold.toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return frac === '' ? int : `${int}.${frac}`;
}

/**
 * The profit of a winning stake: stake × rate, rounded half-even to the currency's minor unit,
 * as the server pays it. Example: 100.00 CNY at 0.8 → 10000 × 8 / 10 = 8000 fen = 80.00 CNY.
 */
export function profitMinor(stakeMinor: bigint, rate: Rate): bigint {
  return roundHalfEven(stakeMinor * rate.num, rate.den);
}

export interface Expected {
  /** stake × rate, in minor units. */
  profitMinor: bigint;
  /** What a win pays back: stake + profit. */
  payoutMinor: bigint;
}

/** What a win would bring for the amount typed; undefined until it is a valid amount. */
export function expectedOf(
  amount: string,
  currency: CurrencyKey,
  rateText: string,
): Expected | undefined {
  const stake = parseAmount(amount, currency);
  const rate = parseRate(rateText);
  if (!stake.ok || rate === undefined) return undefined;
  const profit = profitMinor(stake.minor, rate);
  return { profitMinor: profit, payoutMinor: stake.minor + profit };
}

/** Decimal text without the padding zeros: 10000n CNY → "100", 1250n → "12.5". For inputs. */
export function plainAmount(minor: bigint, currency: CurrencyKey): string {
  return formatExact(minor, currency).replace(/\.?0+$/, '');
}

/** Multiples of the minimum offered as one-tap amounts, as long as they stay within the limits. */
const QUICK_MULTIPLES = [1n, 10n, 50n, 100n] as const;

/** One-tap stakes for a period's limits: 10, 100, 500, 1000 CNY for a 10.00 CNY minimum. */
export function quickAmounts(limits: Period['limits'], currency: CurrencyKey): string[] {
  const min = parseAmount(limits[currency].min, currency);
  const max = parseAmount(limits[currency].max, currency);
  if (!min.ok || !max.ok) return [];
  return QUICK_MULTIPLES.map((multiple) => min.minor * multiple)
    .filter((minor) => minor <= max.minor)
    .map((minor) => plainAmount(minor, currency));
}

/** Why a stake cannot be sent (SPEC §5), checked in this order. */
export type StakeError =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'range'; min: string; max: string }
  | { kind: 'balance' };

export type StakeCheck = { ok: true; minor: bigint } | { ok: false; error: StakeError };

/**
 * Checks a typed stake before it is sent: present, a valid amount of the currency (no more
 * decimals than its scale), within the period's limits, and covered by the available balance
 * when that is known. The server checks all of it again; this only spares a round trip.
 */
export function checkStake(
  amount: string,
  currency: CurrencyKey,
  limits: Period['limits'],
  available: string | undefined,
): StakeCheck {
  const fail = (error: StakeError): StakeCheck => ({ ok: false, error });
  const text = amount.trim();
  if (text === '') return fail({ kind: 'missing' });
  const stake = parseAmount(text, currency);
  if (!stake.ok) return fail({ kind: 'invalid' });
  const { min, max } = limits[currency];
  const minMinor = parseAmount(min, currency);
  const maxMinor = parseAmount(max, currency);
  if (minMinor.ok && maxMinor.ok && (stake.minor < minMinor.minor || stake.minor > maxMinor.minor))
    return fail({ kind: 'range', min, max });
  if (available !== undefined) {
    const balance = parseAmount(available, currency, { allowZero: true });
    if (balance.ok && stake.minor > balance.minor) return fail({ kind: 'balance' });
  }
  return { ok: true, minor: stake.minor };
}

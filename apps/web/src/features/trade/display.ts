import { CURRENCIES, formatAmount as formatExact } from '@ampere/contract';
import type { CurrencyKey } from '@ampere/contract';
import type { TFunction } from 'i18next';
import { formatAmount, formatNumber } from '@ampere/client';
import type { StakeError } from './money';
import { signed } from './outcome';

/** How the trade screens write money, prices and periods. */

/** An amount per SPEC §5 (lib/format): "1,234.5", "80", "0.1234". */
export function money(value: string): string {
  return formatAmount(value);
}

/** Minor units of a currency, displayed like `money`: 8000n CNY → "80". */
export function moneyMinor(minor: bigint, currency: CurrencyKey): string {
  return formatAmount(formatExact(minor, currency));
}

/** A signed amount: "+80", "-100", "0" (no sign on zero). */
export function signedMoney(value: string): string {
  const { sign, magnitude } = signed(value);
  return `${sign}${formatAmount(magnitude)}`;
}

/** The display name of a wallet currency (SPEC §3: money is CNY, usdt is USDT). */
export function currencyName(key: CurrencyKey): string {
  return CURRENCIES.find((currency) => currency.key === key)?.name ?? key;
}

/** "100 CNY", "+80 CNY". */
export function withCurrency(amount: string, key: CurrencyKey): string {
  return `${amount} ${currencyName(key)}`;
}

/** A price with thousands separators, at the scale it came with ("97,123.45"). */
export function price(value: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const scale = value.split('.')[1]?.length ?? 0;
  return formatNumber(value, Math.min(scale, 20));
}

/** "30s", "1m", "10m" in the user's language; whole minutes from a minute up. */
export function periodLabel(seconds: number, t: TFunction): string {
  return seconds >= 60 && seconds % 60 === 0
    ? t('trade.period.minutes', { minutes: seconds / 60 })
    : t('trade.period.seconds', { seconds });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A local date and time to the second: "2024-05-01 14:03:27". */
export function dateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Month, day and time, for tight places: "05-01 14:03:27". */
export function shortDateTime(ms: number): string {
  return dateTime(ms).slice(5);
}

/** A tick's time to the millisecond, as it is hashed: "14:03:27.512". */
export function tickTime(ms: number): string {
  const d = new Date(ms);
  return `${dateTime(ms)}.${pad(d.getMilliseconds(), 3)}`;
}

/** A long hash shortened for a phone: the first and last 8 characters. */
export function shortHash(hash: string): string {
  return hash.length <= 20 ? hash : `${hash.slice(0, 8)}…${hash.slice(-8)}`;
}

/** What the form says about a stake it refuses, in SPEC §5's words. */
export function stakeErrorText(error: StakeError, t: TFunction): string {
  switch (error.kind) {
    case 'missing':
      return t('validation.amount');
    case 'invalid':
      return t('validation.validAmount');
    case 'range':
      return t('validation.quantityRange', { min: money(error.min), max: money(error.max) });
    case 'balance':
      return t('errors.insufficient_balance');
  }
}

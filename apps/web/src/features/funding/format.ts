import { CURRENCIES } from '@ampere/contract';
import { formatDateTime } from '@ampere/client';

/** An ISO time as the app writes times (local, with seconds); the raw text if it is not one. */
export function formatTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(ms, true);
}

/** The display name of a wallet currency (money is CNY, usdt is USDT). */
export function currencyLabel(key: string): string {
  return CURRENCIES.find((currency) => currency.key === key)?.name ?? key;
}

/** Decimal places a currency is kept in (CNY 2, USDT 6). */
export function scaleOf(key: string): number {
  return CURRENCIES.find((currency) => currency.key === key)?.scale ?? 2;
}

/** An amount with its currency, exactly as the server wrote it ("1,000.00 CNY"). */
export function amountText(value: string, currency: string): string {
  const negative = value.startsWith('-');
  const [int = '0', frac] = (negative ? value.slice(1) : value).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`} ${currencyLabel(currency)}`;
}

/**
 * Whether `text` is a positive amount the currency can hold (no more decimals than its scale),
 * so a preview or a quote is asked only for something the server could take.
 */
export function isAmount(text: string, currency: string): boolean {
  const pattern = new RegExp(`^(0|[1-9]\\d{0,14})(\\.\\d{1,${String(scaleOf(currency))}})?$`);
  return pattern.test(text) && /[1-9]/.test(text);
}

/** Seconds left until `expiresAtMs`, never negative. */
export function secondsLeft(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));
}

/** A fraction as a percentage, by moving the decimal point ("0.001" → "0.1%"); no floats. */
export function fractionAsPercent(fraction: string): string {
  const [int = '0', frac = ''] = fraction.split('.');
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return `${whole}${rest === '' ? '' : `.${rest}`}%`;
}

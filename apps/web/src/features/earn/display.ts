import { formatAmount } from '@ampere/client';
import { CURRENCIES } from '@ampere/contract';

/** SPEC §5's amount display, kept to at least the cents (as the wallet shows money). */
export function formatMoney(value: string): string {
  const text = formatAmount(value);
  const [int, frac = ''] = text.split('.');
  return `${int ?? text}.${frac.padEnd(2, '0')}`;
}

/** CNY or USDT (SPEC §3). */
export function currencyName(key: string): string {
  return CURRENCIES.find((c) => c.key === key)?.name ?? key;
}

/** An amount with its currency, as the rest of the app shows money: "1,000.00 CNY". */
export function formatMoneyIn(value: string, currency: string): string {
  return `${formatMoney(value)} ${currencyName(currency)}`;
}

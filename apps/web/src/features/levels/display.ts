import { formatAmount } from '@ampere/client';
import { CURRENCIES } from '@ampere/contract';

/** An amount with its currency, as the rest of the app shows money: "1,000.00 CNY". */
export function formatMoneyIn(value: string, currency: string): string {
  const text = formatAmount(value);
  const [int, frac = ''] = text.split('.');
  const name = CURRENCIES.find((c) => c.key === currency)?.name ?? currency;
  return `${int ?? text}.${frac.padEnd(2, '0')} ${name}`;
}

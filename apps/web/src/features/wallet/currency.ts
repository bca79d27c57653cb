import { CURRENCIES } from '@ampere/contract';

/** Decimal places a currency is kept in (CNY 2, USDT 6); 2 for anything unknown. */
export function scaleOf(currencyKey: string | undefined): number {
  return CURRENCIES.find((currency) => currency.key === currencyKey)?.scale ?? 2;
}

/** The display name of a wallet currency (SPEC §3: money is CNY, usdt is USDT). */
export function currencyName(currencyKey: string): string {
  return CURRENCIES.find((currency) => currency.key === currencyKey)?.name ?? currencyKey;
}

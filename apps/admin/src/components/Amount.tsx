import { CURRENCIES, SCALES, type CurrencyKey } from '@ampere/contract';
import { formatNumber } from '@ampere/client';
import { Typography } from 'antd';

const NAMES = new Map<string, string>(CURRENCIES.map((c) => [c.key, c.name]));

/** A currency's name as staff know it: money → CNY, usdt → USDT. */
export const currencyName = (currency: string) => NAMES.get(currency) ?? currency;

/**
 * An exact amount from the API (a decimal string in its currency's scale), grouped and never
 * rounded: staff see every minor unit. `signed` colours credits and debits.
 */
export function Amount({
  value,
  currency,
  signed = false,
  showCurrency = false,
}: {
  value: string;
  currency: CurrencyKey;
  signed?: boolean;
  showCurrency?: boolean;
}) {
  const text = formatNumber(value, SCALES[currency]);
  const type = !signed ? undefined : value.startsWith('-') ? 'danger' : 'success';
  return (
    <Typography.Text type={type} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {signed && !value.startsWith('-') ? `+${text}` : text}
      {showCurrency ? ` ${currencyName(currency)}` : ''}
    </Typography.Text>
  );
}

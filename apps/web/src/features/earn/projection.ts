import {
  earnDailyInterestMinor,
  earnRateUnits,
  formatAmount,
  parseAmount,
  type CurrencyKey,
} from '@ampere/contract';

export interface ProjectionRow {
  days: number;
  interest: string;
}

/**
 * The projected earnings of `amount` on a product: the contract's one rule (a day pays
 * floor(principal × rate), so d days pay exactly d × that — what the order will be paid).
 * Rows for 1 day, a week, 30 days (when inside the cycle) and the whole cycle. Undefined for an
 * amount that is not a valid positive amount of the currency.
 */
export function projection(
  amount: string,
  currency: CurrencyKey,
  dailyRate: string,
  cycleDays: number,
): ProjectionRow[] | undefined {
  const parsed = parseAmount(amount, currency);
  const rate = earnRateUnits(dailyRate);
  if (!parsed.ok || rate === undefined) return undefined;
  const perDay = earnDailyInterestMinor(parsed.minor, rate);
  const days = [...new Set([1, 7, 30, cycleDays].filter((d) => d <= cycleDays))].sort(
    (a, b) => a - b,
  );
  return days.map((d) => ({ days: d, interest: formatAmount(perDay * BigInt(d), currency) }));
}

/** "0.0015" → "0.15%": the rate as a percentage, exactly (decimal shift, no floats). */
export function percent(rate: string): string {
  const [whole = '0', frac = ''] = rate.split('.');
  const shifted = `${whole}${frac.slice(0, 2).padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const rest = frac.slice(2).replace(/0+$/, '');
  return `${shifted}${rest ? `.${rest}` : ''}%`;
}

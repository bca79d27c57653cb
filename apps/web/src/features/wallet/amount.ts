import { formatAmount } from '@ampere/client';

/**
 * Money on the wallet screens: SPEC §5's amount display (2 decimals once the integer part has 4
 * digits, else 4; truncated, trailing zeros trimmed), except that trimming stops at the cents.
 * "100" and "0" read like counts, not balances; "100.00" and "0.00" are what people expect of
 * money, and the digits shown are still exactly those SPEC §5 keeps.
 */
export function formatMoney(value: string): string {
  return formatAmount(value, 2);
}

export type AmountTone = 'up' | 'down' | 'flat';

export interface SignedText {
  /** "+1,234.50", "-0.1234" or "0.00". */
  text: string;
  tone: AmountTone;
}

/**
 * A signed balance change for display. The sign and tone come from the value itself, not from
 * its rounded display, so a tiny debit still reads as a debit ("-0.00") rather than as nothing.
 */
export function signedAmount(value: string): SignedText {
  const negative = value.startsWith('-');
  const magnitude = negative ? value.slice(1) : value;
  const isZero = /^[0.]+$/.test(magnitude);
  if (isZero) return { text: formatMoney(magnitude), tone: 'flat' };
  return {
    text: `${negative ? '-' : '+'}${formatMoney(magnitude)}`,
    tone: negative ? 'down' : 'up',
  };
}

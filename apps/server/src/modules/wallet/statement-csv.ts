import type { StatementItem } from '@ampere/contract';

/**
 * A text cell that a spreadsheet would read as a formula (=, +, @, tab, CR, or - not starting
 * a number) is prefixed with an apostrophe so opening the export can never run anything.
 */
function cell(value: string): string {
  const safe = /^[=+@\t\r]|^-(?!\d)/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface CsvHeaders {
  time: string;
  kind: string;
  currency: string;
  account: string;
  amount: string;
  balanceAfter: string;
  reference: string;
}

const CURRENCY_NAMES = { money: 'CNY', usdt: 'USDT' } as const;

/**
 * The user's statement as CSV (RFC 4180, CRLF), with a UTF-8 byte-order mark so spreadsheet
 * programs open non-Latin labels correctly. Amounts are the exact decimal strings.
 */
export function statementCsv(items: readonly StatementItem[], headers: CsvHeaders): string {
  const lines = [
    [
      headers.time,
      headers.kind,
      headers.currency,
      headers.account,
      headers.amount,
      headers.balanceAfter,
      headers.reference,
    ],
    ...items.map((i) => [
      i.time,
      i.kindLabel,
      CURRENCY_NAMES[i.currency],
      i.purposeLabel,
      i.amount,
      i.balanceAfter,
      i.reference ?? '',
    ]),
  ];
  return `\uFEFF${lines.map((cols) => cols.map(cell).join(',')).join('\r\n')}\r\n`;
}

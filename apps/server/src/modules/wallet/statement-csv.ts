import type { StatementItem, StatementLine } from '@ampere/contract';

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

function csv(lines: readonly (readonly string[])[]): string {
  return `\uFEFF${lines.map((cols) => cols.map(cell).join(',')).join('\r\n')}\r\n`;
}

export interface CsvLineHeaders {
  time: string;
  kind: string;
  currency: string;
  available: string;
  frozen: string;
  availableAfter: string;
  frozenAfter: string;
  balanceAfter: string;
  reference: string;
}

/** The statement as the user reads it, one row per event (the export's default view). */
export function statementLinesCsv(lines: readonly StatementLine[], h: CsvLineHeaders): string {
  return csv([
    [
      h.time,
      h.kind,
      h.currency,
      h.available,
      h.frozen,
      h.availableAfter,
      h.frozenAfter,
      h.balanceAfter,
      h.reference,
    ],
    ...lines.map((l) => [
      l.time,
      l.kindLabel,
      CURRENCY_NAMES[l.currency],
      l.available,
      l.frozen,
      l.availableAfter,
      l.frozenAfter,
      l.balanceAfter,
      l.reference ?? '',
    ]),
  ]);
}

/**
 * The double-entry view (one row per posting on the user's accounts) as CSV (RFC 4180, CRLF), with a UTF-8 byte-order mark so spreadsheet
 * programs open non-Latin labels correctly. Amounts are the exact decimal strings.
 */
export function statementCsv(items: readonly StatementItem[], headers: CsvHeaders): string {
  return csv([
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
  ]);
}

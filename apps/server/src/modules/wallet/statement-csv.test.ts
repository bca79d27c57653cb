import { describe, expect, it } from 'vitest';
import { statementCsv } from './statement-csv.js';

const headers = {
  time: 'Time',
  kind: 'Type',
  currency: 'Currency',
  account: 'Account',
  amount: 'Amount',
  balanceAfter: 'Balance',
  reference: 'Reference',
};
const item = {
  id: '1',
  time: '2026-11-21T08:00:00.000Z',
  kind: 'adjustment_credit',
  kindLabel: 'Credit, by platform',
  currency: 'money' as const,
  purpose: 'available' as const,
  purposeLabel: 'Available',
  amount: '-12.50',
  balanceAfter: '87.50',
  reference: '=HYPERLINK("x")',
};

describe('statementCsv', () => {
  it('writes a BOM, a header row and CRLF lines; quotes commas; keeps negative amounts numeric', () => {
    const csv = statementCsv([item], headers);
    expect(csv.startsWith('\uFEFFTime,Type,Currency,Account,Amount,Balance,Reference\r\n')).toBe(
      true,
    );
    const row = csv.split('\r\n')[1];
    expect(row).toBe(
      '2026-11-21T08:00:00.000Z,"Credit, by platform",CNY,Available,-12.50,87.50,"\'=HYPERLINK(""x"")"',
    );
  });

  it('neutralises every formula lead-in', () => {
    for (const evil of ['=1+1', '+1', '@SUM(A1)', '-cmd', '\tx']) {
      const row = statementCsv([{ ...item, reference: evil }], headers).split('\r\n')[1]!;
      expect(row.split(',').at(-1)!.replace(/^"|"$/g, '')).toMatch(/^'/);
    }
  });
});

import type { StatementItem } from '@ampere/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { StatementList } from './StatementList';

const NOW_MS = Date.parse('2024-06-01T12:00:00.000Z');

function item(overrides: Partial<StatementItem>): StatementItem {
  return {
    id: '1',
    time: '2024-06-01T11:58:00.000Z',
    kind: 'adjustment_credit',
    kindLabel: 'Credit by platform',
    currency: 'money',
    purpose: 'available',
    purposeLabel: 'Available',
    amount: '100.00',
    balanceAfter: '100.00',
    reference: null,
    ...overrides,
  };
}

beforeAll(async () => {
  await initI18n();
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

describe('StatementList', () => {
  it('shows each change with its label, signed coloured amount, currency, balance and age', () => {
    render(
      <StatementList
        nowMs={NOW_MS}
        timeMode="relative"
        items={[
          item({ id: '2', kind: 'adjustment_debit', amount: '-12.5', balanceAfter: '87.5' }),
          item({
            id: '3',
            kind: 'hold',
            currency: 'usdt',
            purpose: 'withdraw_hold',
            amount: '5.123456',
            balanceAfter: '5.123456',
            time: '2024-05-29T12:00:00.000Z',
          }),
        ]}
      />,
    );
    const [debit, hold] = screen.getAllByTestId('statement-row');
    expect(within(debit!).getByText('Debit by platform')).toBeTruthy();
    const out = within(debit!).getByText('-12.50 CNY');
    expect(out.dataset.tone).toBe('down');
    expect(within(debit!).getByText('Balance 87.50')).toBeTruthy();
    expect(within(debit!).getByText('Moment ago')).toBeTruthy();

    expect(within(hold!).getByText('+5.1234 USDT').dataset.tone).toBe('up');
    // A movement of a hold account names the account; the age is in whole days.
    expect(hold!.textContent).toContain('3 d ago · Withdrawal hold');
  });

  it('falls back to the server’s label for a kind this build does not know', () => {
    render(
      <StatementList
        nowMs={NOW_MS}
        timeMode="relative"
        items={[item({ kind: 'trade_settlement', kindLabel: 'Trade settled' })]}
      />,
    );
    expect(screen.getByText('Trade settled')).toBeTruthy();
  });

  it('speaks the user’s language', async () => {
    await i18n.changeLanguage('zh-Hans');
    i18n.addResourceBundle(
      'zh-Hans',
      'translation',
      (await import('@/i18n/locales/zh-Hans')).default,
    );
    render(
      <StatementList
        nowMs={NOW_MS}
        timeMode="relative"
        items={[item({ time: '2024-06-01T10:00:00.000Z' })]}
      />,
    );
    expect(screen.getByText('平台入账')).toBeTruthy();
    expect(screen.getByText('2 小时前')).toBeTruthy();
    expect(screen.getByText('余额 100.00')).toBeTruthy();
  });
});

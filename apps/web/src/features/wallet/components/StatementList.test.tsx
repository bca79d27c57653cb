import type { StatementLine } from '@ampere/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { StatementList } from './StatementList';

const NOW_MS = Date.parse('2024-06-01T12:00:00.000Z');

function item(overrides: Partial<StatementLine>): StatementLine {
  return {
    id: '1-money',
    time: '2024-06-01T11:58:00.000Z',
    kind: 'adjustment_credit',
    kindLabel: 'Credit by platform',
    currency: 'money',
    available: '100.00',
    frozen: '0.00',
    availableAfter: '100.00',
    frozenAfter: '0.00',
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
  it('shows each event once: its label, what it did to available and frozen money, and both balances', () => {
    render(
      <StatementList
        nowMs={NOW_MS}
        timeMode="relative"
        items={[
          item({
            id: '4-money',
            kind: 'trade_loss',
            available: '0.00',
            frozen: '-100.00',
            availableAfter: '900.00',
            frozenAfter: '0.00',
            balanceAfter: '900.00',
          }),
          item({
            id: '3-money',
            kind: 'trade_open',
            available: '-100.00',
            frozen: '100.00',
            availableAfter: '900.00',
            frozenAfter: '100.00',
            balanceAfter: '1000.00',
          }),
          item({
            id: '2-usdt',
            kind: 'adjustment_debit',
            currency: 'usdt',
            available: '-12.5',
            availableAfter: '5.123456',
            balanceAfter: '5.123456',
            frozen: '0.000000',
            frozenAfter: '0.000000',
            time: '2024-05-29T12:00:00.000Z',
          }),
        ]}
      />,
    );
    const [loss, stake, debit] = screen.getAllByTestId('statement-row');
    // Only frozen money moved: the headline is that, marked as frozen.
    expect(within(loss!).getByText('Trade lost')).toBeTruthy();
    expect(within(loss!).getByText('-100.00 CNY').dataset.tone).toBe('down');
    expect(loss!.textContent).toContain('Moment ago · Frozen');
    expect(within(loss!).getByText('Available 900.00')).toBeTruthy();
    expect(within(loss!).getByText('Frozen 0.00')).toBeTruthy();
    // A stake: out of available, into frozen, one row.
    expect(within(stake!).getByText('-100.00 CNY').dataset.tone).toBe('down');
    expect(stake!.textContent).toContain('Moment ago · Frozen +100.00');
    expect(within(stake!).getByText('Frozen 100.00')).toBeTruthy();
    // Nothing frozen before or after: no frozen figures at all.
    expect(within(debit!).getByText('-12.50 USDT').dataset.tone).toBe('down');
    expect(within(debit!).getByText('Available 5.1234')).toBeTruthy();
    expect(debit!.textContent).not.toContain('Frozen');
    expect(debit!.textContent).toContain('3 d ago');
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
    expect(screen.getByText(/^可用 100\.00$/)).toBeTruthy();
  });
});

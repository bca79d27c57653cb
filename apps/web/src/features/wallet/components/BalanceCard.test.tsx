import type { CurrencyBalance } from '@ampere/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { BalanceCard } from './BalanceCard';

const CURRENCIES = [
  { key: 'money', name: 'CNY' },
  { key: 'usdt', name: 'USDT' },
] as const;

function balance(available: string, inOrder: string, total: string): CurrencyBalance {
  return {
    available,
    frozen: { total: inOrder, inOrder, withdrawHold: '0.00', earnPrincipal: '0.00' },
    total,
  };
}

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

describe('BalanceCard', () => {
  it('shows a dash, not zero, while the balance is unknown', () => {
    render(<BalanceCard currencies={CURRENCIES} balance={undefined} />);
    const cny = screen.getByTestId('balance-money');
    expect(within(cny).getAllByText('—')).toHaveLength(3);
    expect(within(cny).getByRole('button')).toHaveProperty('disabled', true);
  });

  it('shows total, available and frozen per currency, and itemizes the frozen part', async () => {
    render(
      <BalanceCard
        currencies={CURRENCIES}
        balance={{
          money: balance('1200.00', '34.50', '1234.50'),
          usdt: balance('0.000000', '0.000000', '0.000000'),
        }}
      />,
    );
    const cny = screen.getByTestId('balance-money');
    expect(within(cny).getByLabelText('Total CNY').textContent).toBe('1,234.50');
    expect(within(cny).getByText('1,200.00')).toBeTruthy();
    expect(
      within(screen.getByTestId('balance-usdt')).getByLabelText('Total USDT').textContent,
    ).toBe('0.00');

    fireEvent.click(within(cny).getByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: 'Frozen CNY' });
    const rows = [...sheet.querySelectorAll('dl > div')].map((row) => row.textContent);
    expect(rows).toEqual([
      'In orders34.50',
      'Withdrawal hold0.00',
      'Earn principal0.00',
      'Total frozen34.50',
    ]);
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import type { StatementFilters } from '../api/wallet';
import { StatementFilterBar } from './StatementFilterBar';

const CURRENCIES = [
  { key: 'money', name: 'CNY' },
  { key: 'usdt', name: 'USDT' },
] as const;
const TODAY = new Date(2024, 5, 15, 9);

function renderBar(filters: StatementFilters) {
  const onChange = vi.fn<(next: StatementFilters) => void>();
  const onExport = vi.fn();
  render(
    <StatementFilterBar
      filters={filters}
      onChange={onChange}
      currencies={CURRENCIES}
      onExport={onExport}
      exporting={false}
      today={TODAY}
    />,
  );
  return { onChange, onExport };
}

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

describe('StatementFilterBar', () => {
  it('narrows to one currency, and back to all', () => {
    const { onChange } = renderBar({ kind: 'hold' });
    fireEvent.click(screen.getByText('Currency'));
    fireEvent.click(screen.getByText('USDT'));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'hold', currency: 'usdt' });
    fireEvent.click(screen.getByText('All currencies'));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'hold', currency: undefined });
  });

  it('titles each filter with what is chosen', () => {
    renderBar({ currency: 'money', kind: 'exchange', from: '2024-06-01', to: '2024-06-15' });
    expect(screen.getByText('CNY')).toBeTruthy();
    expect(screen.getByText('Currency exchange')).toBeTruthy();
    expect(screen.getByText('06-01–06-15')).toBeTruthy();
  });

  it('picks a kind by its label', () => {
    const { onChange } = renderBar({});
    fireEvent.click(screen.getByText('Type'));
    fireEvent.click(screen.getByText('Credit by platform'));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'adjustment_credit' });
  });

  it('applies a quick range only on confirm, and clears dates', () => {
    const { onChange } = renderBar({ currency: 'usdt' });
    fireEvent.click(screen.getByText('Date'));
    fireEvent.click(screen.getByText('Last 7 days'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Confirm'));
    expect(onChange).toHaveBeenLastCalledWith({
      currency: 'usdt',
      from: '2024-06-09',
      to: '2024-06-15',
    });
    fireEvent.click(screen.getByText('Date'));
    fireEvent.click(screen.getByText('Clear dates'));
    expect(onChange).toHaveBeenLastCalledWith({ currency: 'usdt', from: undefined, to: undefined });
  });

  it('exports', () => {
    const { onExport } = renderBar({});
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledOnce();
  });
});

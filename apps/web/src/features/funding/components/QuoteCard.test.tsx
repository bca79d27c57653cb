import type { ExchangeQuote } from '@ampere/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initFundingI18n } from '../test/render';
import { QuoteCard } from './QuoteCard';

beforeAll(initFundingI18n);
afterEach(cleanup);

// 1000.00 CNY at a 0.1 % fee: fee = 1000.00 × 0.001 = 1.00 (to the cent); 999.00 exchanged;
// 999.00 ÷ 7.286250 = 137.107565… → 137.107565 USDT (rounded down to 6 decimals).
const QUOTE: ExchangeQuote = {
  quoteId: '41',
  from: 'money',
  to: 'usdt',
  amount: '1000.00',
  fee: '1.00',
  net: '999.00',
  rate: '7.286250',
  receive: '137.107565',
  arithmetic: '(1000.00 − 1.00) ÷ 7.286250 = 137.107565 USDT',
  expiresAt: '2026-11-26T10:00:30.000Z',
};

function figure(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

describe('QuoteCard', () => {
  it('shows the exact arithmetic of the quote and the seconds it has left', () => {
    const onConfirm = vi.fn();
    render(
      <QuoteCard
        quote={QUOTE}
        expiresAtMs={30_000}
        nowMs={4_200}
        refreshing={false}
        sending={false}
        onRefresh={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    expect(figure('You give')).toBe('1,000.00 CNY');
    expect(figure('Fee')).toBe('1.00 CNY');
    expect(figure('Exchanged')).toBe('999.00 CNY');
    expect(figure('Rate')).toBe('1 USDT = 7.286250 CNY');
    expect(figure('You receive')).toBe('137.107565 USDT');
    expect(screen.getByTestId('quote-arithmetic').textContent).toBe(QUOTE.arithmetic);
    expect(screen.getByRole('timer').textContent).toContain('Valid for 26 s');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm exchange' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('cannot be confirmed once expired, only refreshed', () => {
    const onRefresh = vi.fn();
    const onConfirm = vi.fn();
    render(
      <QuoteCard
        quote={QUOTE}
        expiresAtMs={30_000}
        nowMs={30_000}
        refreshing={false}
        sending={false}
        onRefresh={onRefresh}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByText('This quote has expired. Refresh it for a new one.')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm exchange' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});

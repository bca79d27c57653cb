import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withdrawConfig } from '../test/fixtures';
import { initFundingI18n, renderWithQuery, serveApi } from '../test/render';
import { WithdrawForm } from './WithdrawForm';

beforeAll(initFundingI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noop = () => undefined;

/** The value beside a label in the figures. */
function figure(label: string): string | null {
  const term = screen.getAllByText(label, { selector: 'dt' })[0];
  return term?.nextElementSibling?.textContent ?? null;
}

describe('WithdrawForm', () => {
  it("shows the server's fee and actual arrival for the typed amount before confirming", async () => {
    const calls = serveApi({
      // 2.00 + 1000.00 × 0.5% = 7.00 fee; 1000.00 − 7.00 = 993.00 arrives.
      'user/withdrawPreview': (url) => ({
        currency: 'money',
        amount: url.searchParams.get('amount'),
        fee: '7.00',
        actualArrival: '993.00',
        feeArithmetic: '2.00 + 1000.00 × 0.5% = 7.00 (half-even)',
      }),
    });
    renderWithQuery(
      <WithdrawForm
        config={withdrawConfig()}
        onManageCard={noop}
        onSetFundPassword={noop}
        onSubmitted={noop}
      />,
    );
    expect(figure('Minimum')).toBe('100.00 CNY');
    expect(figure('Maximum')).toBe('50,000.00 CNY');
    expect(figure('Fee')).toBe('—');
    expect(figure('Actual arrival')).toBe('—');
    expect(screen.getByText('ICBC **** **** **** 1234')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('0.00'), { target: { value: '1000.00' } });
    await waitFor(() => {
      expect(figure('Actual arrival')).toBe('993.00 CNY');
    });
    expect(figure('Fee')).toBe('7.00 CNY');
    expect(screen.getByText('2.00 + 1000.00 × 0.5% = 7.00 (half-even)')).toBeTruthy();
    const preview = calls.find((c) => c.path === 'user/withdrawPreview');
    expect(preview?.url.searchParams.get('currency')).toBe('money');
    expect(preview?.url.searchParams.get('amount')).toBe('1000.00');
  });

  it('asks nothing for an amount the currency cannot hold', async () => {
    const calls = serveApi({});
    renderWithQuery(
      <WithdrawForm
        config={withdrawConfig()}
        onManageCard={noop}
        onSetFundPassword={noop}
        onSubmitted={noop}
      />,
    );
    fireEvent.change(screen.getByPlaceholderText('0.00'), { target: { value: '10.005' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.filter((c) => c.path === 'user/withdrawPreview')).toHaveLength(0);
    expect(figure('Fee')).toBe('—');
  });

  it('says why it cannot be sent: count used up, outside the hours, no fund password', () => {
    serveApi({});
    renderWithQuery(
      <WithdrawForm
        config={withdrawConfig({
          usedToday: 3,
          fundPasswordSet: false,
          window: { from: '09:00', to: '21:00', tzOffsetMinutes: 480, openNow: false },
        })}
        onManageCard={noop}
        onSetFundPassword={noop}
        onSubmitted={noop}
      />,
    );
    expect(
      screen.getByText('You have made 3 of 3 withdrawals today. Please try again tomorrow.'),
    ).toBeTruthy();
    expect(screen.getByText('Withdrawals are taken between 09:00 and 21:00 (UTC+8).')).toBeTruthy();
    expect(screen.getByText('Set a fund password before you withdraw.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers to bind a card when none is bound', () => {
    serveApi({});
    const onManageCard = vi.fn();
    renderWithQuery(
      <WithdrawForm
        config={withdrawConfig({ card: null })}
        onManageCard={onManageCard}
        onSetFundPassword={noop}
        onSubmitted={noop}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bind a bank card first' }));
    expect(onManageCard).toHaveBeenCalledOnce();
  });
});

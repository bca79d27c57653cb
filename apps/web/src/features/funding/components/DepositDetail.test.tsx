import type { DepositDetail } from '@ampere/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initFundingI18n } from '../test/render';
import { DepositDetailView } from './DepositDetail';

beforeAll(initFundingI18n);
afterEach(cleanup);

const TX = `0x${'ab'.repeat(32)}`;
const DEPOSIT: DepositDetail = {
  id: '7',
  method: 'usdt',
  currency: 'usdt',
  amount: '25.000000',
  fee: '0.000000',
  status: 'confirming',
  statusLabel: 'Confirming 2/6',
  time: '2026-11-26T10:00:00.000Z',
  confirmations: { count: 2, required: 6 },
  network: 'erc20',
  networkName: 'Ethereum (ERC-20)',
  txHash: TX,
  reference: null,
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  creditedAt: null,
};

const figure = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;

describe('DepositDetailView', () => {
  it('shows the network by name, n/N confirmations, the transaction and address with Copy', () => {
    render(<DepositDetailView record={DEPOSIT} />);
    expect(screen.getByText('Confirming 2/6')).toBeTruthy();
    expect(screen.getByText('2 of 6 confirmations')).toBeTruthy();
    expect(figure('Network')).toBe('Ethereum (ERC-20)');
    expect(figure('Confirmations')).toBe('2/6');
    expect(figure('Credited at')).toBe('—');
    expect(screen.getByText(TX)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Transaction hash' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Deposit address' })).toBeTruthy();
    expect(screen.getByText(/after 6 network confirmations/)).toBeTruthy();
  });

  it('shows when a credited one was credited, and says why a dropped one was not', () => {
    const { rerender } = render(
      <DepositDetailView
        record={{
          ...DEPOSIT,
          status: 'credited',
          statusLabel: 'Credited',
          confirmations: { count: 6, required: 6 },
          creditedAt: '2026-11-26T10:01:30.000Z',
        }}
      />,
    );
    expect(figure('Credited at')).not.toBe('—');
    expect(screen.getByText('Credited to your USDT balance.')).toBeTruthy();
    rerender(
      <DepositDetailView
        record={{
          ...DEPOSIT,
          status: 'dropped',
          statusLabel: 'Dropped',
          confirmations: { count: 0, required: 6 },
        }}
      />,
    );
    expect(screen.queryByTestId('deposit-confirmations')).toBeNull();
    expect(screen.getByText(/was not credited/)).toBeTruthy();
  });
});

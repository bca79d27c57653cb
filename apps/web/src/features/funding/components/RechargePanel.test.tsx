import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rechargeConfig } from '../test/fixtures';
import { initFundingI18n, renderWithQuery } from '../test/render';
import { RechargePanel } from './RechargePanel';

beforeAll(initFundingI18n);
afterEach(cleanup);

const noop = () => undefined;

describe('RechargePanel', () => {
  it("closed: the operator's tip and a way to customer service, no form", () => {
    const onContact = vi.fn();
    renderWithQuery(
      <RechargePanel
        config={rechargeConfig({ open: false, closeTip: 'Recharge is paused for maintenance' })}
        onContact={onContact}
        onSubmitted={noop}
      />,
    );
    expect(screen.getByText('Recharge is paused for maintenance')).toBeTruthy();
    expect(screen.queryByText('I have transferred')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Contact customer service' }));
    expect(onContact).toHaveBeenCalledOnce();
  });

  it("bank: the platform's account to pay into, then amount, payer and reference", () => {
    renderWithQuery(
      <RechargePanel config={rechargeConfig()} onContact={noop} onSubmitted={noop} />,
    );
    expect(screen.getByText('6222020200112233445')).toBeTruthy();
    expect(screen.getByText('Ampere Ltd')).toBeTruthy();
    expect(screen.getByText('Between 100.00 CNY and 50,000.00 CNY')).toBeTruthy();
    expect(screen.getByText('Payer name')).toBeTruthy();
    expect(screen.getByText('Transfer reference')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have transferred' })).toBeTruthy();
  });

  it('USDT: the deposit address with its QR code, bounds and confirmations', () => {
    const { container } = renderWithQuery(
      <RechargePanel config={rechargeConfig()} onContact={noop} onSubmitted={noop} />,
    );
    fireEvent.click(screen.getByText('USDT'));
    expect(screen.getByText('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc')).toBeTruthy();
    expect(container.querySelector('svg title')?.textContent).toBe(
      'QR code of your Ethereum (ERC-20) deposit address',
    );
    expect(screen.getByText('10.000000 USDT')).toBeTruthy();
    expect(
      screen.getByText(
        'Send only USDT on Ethereum (ERC-20) to this address. It is credited after 6 network confirmations.',
      ),
    ).toBeTruthy();
  });

  it('says so when the server offers no USDT network, and keeps the bank method', () => {
    renderWithQuery(
      <RechargePanel
        config={rechargeConfig({
          usdt: { available: false, unavailableReason: 'no_network', networks: [] },
        })}
        onContact={noop}
        onSubmitted={noop}
      />,
    );
    expect(
      screen.getByText(
        'USDT recharge is not offered on this server at the moment; please use a bank transfer.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have transferred' })).toBeTruthy();
  });
});

import type { BaseConfig } from '@ampere/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigContext } from '@/core/config';
import { initI18n } from '@/i18n';
import { FundingClosedNotice } from './FundingClosedNotice';

const config: BaseConfig = {
  appName: 'Ampere Test',
  version: '1.0.1',
  versionCode: 101,
  wss: 'ws://127.0.0.1/ws',
  language: 'en-US',
  Black_run: 'https://example.com/',
  rechargeOpen: false,
  withdrawOpen: false,
  currencies: [
    { key: 'money', name: 'CNY' },
    { key: 'usdt', name: 'USDT' },
  ],
  serverTime: 0,
  feedSimulated: false,
  chainPublicKey: 'MCowBQYDK2VwAyEA',
};

function renderNotice(kind: 'recharge' | 'withdraw', over: Partial<BaseConfig> = {}) {
  const onContact = vi.fn();
  render(
    <ConfigContext value={{ ...config, ...over }}>
      <FundingClosedNotice kind={kind} onContact={onContact} />
    </ConfigContext>,
  );
  return onContact;
}

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

describe('FundingClosedNotice', () => {
  it('shows the operator’s close tip when there is one', () => {
    renderNotice('recharge', {
      rechargeCloseTip: 'Recharge is paused for maintenance until 18:00.',
      withdrawCloseTip: 'Not this one',
    });
    expect(screen.getByText('Recharge is paused for maintenance until 18:00.')).toBeTruthy();
    expect(screen.queryByText('Not this one')).toBeNull();
  });

  it('shows the withdrawal tip on the withdrawal page', () => {
    renderNotice('withdraw', { withdrawCloseTip: 'Withdrawals resume on Monday.' });
    expect(screen.getByText('Withdrawals resume on Monday.')).toBeTruthy();
  });

  it('falls back to the app’s own words without a tip, and offers customer service', () => {
    const onContact = renderNotice('withdraw');
    expect(
      screen.getByText('Withdrawal is closed at the moment. Please contact customer service.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(onContact).toHaveBeenCalledOnce();
  });
});

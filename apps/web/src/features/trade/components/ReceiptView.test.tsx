import type { Receipt } from '@ampere/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { settled } from '../testOrder';
import { ReceiptView, publicCheckHref } from './ReceiptView';

const tick = (id: string, price: string, hash: string) => ({
  id,
  symbol: 'BTC/USDT',
  timeMs: 1_700_000_000_000,
  price,
  prevHash: '0'.repeat(64),
  hash,
});

const RECEIPT: Receipt = {
  order: settled('won', '3400.50'),
  strikeTick: tick('100', '3400.00', `${'1'.repeat(56)}deadbeef`),
  exitTick: tick('160', '3400.50', 'e'.repeat(64)),
  head: { minuteMs: 1_700_000_040_000, tickId: '170', hash: 'f'.repeat(64) },
  verification: { ok: true, checked: 71, fromTickId: '100', toTickId: '170' },
};

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('ReceiptView', () => {
  it('shows both ticks and the head with shortened hashes', () => {
    render(
      <ReceiptView
        receipt={RECEIPT}
        verify={{ state: 'idle' }}
        onVerify={vi.fn()}
        onHowTo={vi.fn()}
      />,
    );
    expect(screen.getByTestId('strike-hash').textContent).toBe('11111111…deadbeef');
    expect(screen.getByTestId('strike-hash').getAttribute('title')).toBe(RECEIPT.strikeTick.hash);
    expect(screen.getByTestId('exit-hash').textContent).toBe('eeeeeeee…eeeeeeee');
    expect(screen.getByTestId('head-hash').textContent).toBe('ffffffff…ffffffff');
    expect(screen.queryByTestId('verification')).toBeNull();
  });

  it('verifies on request and shows how many ticks were checked', () => {
    const onVerify = vi.fn();
    const { rerender } = render(
      <ReceiptView
        receipt={RECEIPT}
        verify={{ state: 'idle' }}
        onVerify={onVerify}
        onHowTo={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onVerify).toHaveBeenCalledOnce();
    rerender(
      <ReceiptView
        receipt={RECEIPT}
        verify={{ state: 'done', result: RECEIPT.verification }}
        onVerify={onVerify}
        onHowTo={vi.fn()}
      />,
    );
    const verdict = screen.getByTestId('verification');
    expect(verdict.dataset.ok).toBe('true');
    expect(verdict.textContent).toContain('Chain verified');
    expect(verdict.textContent).toContain('Ticks checked: 71 (#100 to #170)');
  });

  it('says so when the chain does not verify', () => {
    render(
      <ReceiptView
        receipt={RECEIPT}
        verify={{ state: 'done', result: { ...RECEIPT.verification, ok: false } }}
        onVerify={vi.fn()}
        onHowTo={vi.fn()}
      />,
    );
    expect(screen.getByTestId('verification').textContent).toContain('Verification failed');
  });

  it('explains a void order and a head not published yet', () => {
    render(
      <ReceiptView
        receipt={{ ...RECEIPT, order: settled('void', null), exitTick: null, head: null }}
        verify={{ state: 'idle' }}
        onVerify={vi.fn()}
        onHowTo={vi.fn()}
      />,
    );
    expect(
      screen.getByText('No price was published inside the window: the order is void.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Not published yet: a chain head is published every minute.'),
    ).toBeTruthy();
  });

  it('links the public check of the same stretch of the chain', () => {
    expect(publicCheckHref(RECEIPT)).toBe(
      '/api/v1/market/chain/verify?symbol=BTC%2FUSDT&from=100&limit=71',
    );
  });
});

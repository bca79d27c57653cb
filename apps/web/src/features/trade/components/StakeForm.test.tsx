import type { Period } from '@ampere/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { StakeForm } from './StakeForm';
import type { StakeDraft } from './StakeForm';

const LIMITS: Period['limits'] = {
  money: { min: '10.00', max: '50000.00' },
  usdt: { min: '1.000000', max: '10000.000000' },
};
const PERIODS: Period[] = [
  { seconds: 30, payoutRate: '0.8', limits: LIMITS },
  { seconds: 60, payoutRate: '0.82', limits: LIMITS },
  { seconds: 600, payoutRate: '0.9', limits: LIMITS },
];
const CURRENCIES = [
  { key: 'money', name: 'CNY' },
  { key: 'usdt', name: 'USDT' },
] as const;

function Harness({ error }: { error?: string }) {
  const [draft, setDraft] = useState<StakeDraft>({ currency: 'money', amount: '', period: 30 });
  return (
    <StakeForm
      draft={draft}
      onChange={setDraft}
      currencies={CURRENCIES}
      periods={PERIODS}
      available={draft.currency === 'money' ? '1200.00' : '5.000000'}
      error={error}
    />
  );
}

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('StakeForm', () => {
  it('offers each period with its payout rate', () => {
    render(<Harness />);
    expect(screen.getByTestId('period-30').textContent).toBe('30s80%');
    expect(screen.getByRole('radio', { name: '30s, 80% payout' })).toBeTruthy();
    expect(screen.getByTestId('period-60').textContent).toBe('1m82%');
    expect(screen.getByTestId('period-600').textContent).toBe('10m90%');
    expect(screen.getByTestId('period-30').getAttribute('aria-checked')).toBe('true');
  });

  it('shows the available balance of the chosen currency', () => {
    render(<Harness />);
    expect(screen.getByTestId('trade-available').textContent).toBe('Available 1,200 CNY');
    fireEvent.click(screen.getByRole('radio', { name: 'USDT' }));
    expect(screen.getByTestId('trade-available').textContent).toBe('Available 5 USDT');
  });

  it('computes the expected profit of the amount and period exactly', () => {
    render(<Harness />);
    expect(screen.getByTestId('expected-profit').textContent).toBe('—');
    fireEvent.click(screen.getByRole('button', { name: '100' }));
    // 100 × 0.8 = 80; a win pays 180 back.
    expect(screen.getByTestId('expected-profit').textContent).toBe('+80 CNY');
    expect(screen.getByTestId('expected-payout').textContent).toBe('180 CNY');
    fireEvent.click(screen.getByTestId('period-60'));
    // 100 × 0.82 = 82
    expect(screen.getByTestId('expected-profit').textContent).toBe('+82 CNY');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10.05' } });
    // 10.05 × 0.82 = 8.241 → 8.24
    expect(screen.getByTestId('expected-profit').textContent).toBe('+8.24 CNY');
  });

  it('shows why an amount is refused', () => {
    render(<Harness error="Please enter a valid amount" />);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid amount');
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { settled, testOrder } from '../testOrder';
import { OrderResult } from './OrderResult';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('OrderResult', () => {
  it('shows a win with its profit and the new balance', () => {
    render(<OrderResult order={settled('won', '3400.50')} available="1080.00" />);
    expect(screen.getByRole('heading').textContent).toBe('You won');
    expect(screen.getByTestId('result-amount').textContent).toBe('+80 CNY');
    expect(screen.getByTestId('result-profit').dataset.tone).toBe('up');
    expect(screen.getByTestId('result-balance').textContent).toBe('1,080 CNY');
  });

  it('shows a loss as the stake lost', () => {
    render(<OrderResult order={settled('lost', '3399.00')} available="900.00" />);
    expect(screen.getByRole('heading').textContent).toBe('You lost');
    expect(screen.getByTestId('result-amount').textContent).toBe('-100 CNY');
    expect(screen.getByTestId('result-profit').dataset.tone).toBe('down');
  });

  it('shows a tie and a void as refunds', () => {
    render(<OrderResult order={settled('tie', '3400.00')} available={undefined} />);
    expect(screen.getByRole('heading').textContent).toBe('Tie: stake refunded');
    expect(screen.getByTestId('result-amount').textContent).toBe('100 CNY refunded');
    expect(screen.getByTestId('result-balance').textContent).toBe('—');
    cleanup();
    render(<OrderResult order={settled('void', null)} available="1000.00" />);
    expect(screen.getByRole('heading').textContent).toBe('Void: stake refunded');
  });

  it('shows nothing for an order still trading', () => {
    const { container } = render(<OrderResult order={testOrder()} available="1000.00" />);
    expect(container.textContent).toBe('');
  });
});

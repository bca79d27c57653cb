import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { settled, testOrder } from '../testOrder';
import { OrderCard } from './OrderCard';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('OrderCard', () => {
  it('shows a trading order with its live price against the strike and its countdown', () => {
    render(
      <ul>
        <OrderCard
          order={testOrder()}
          live={{ deadlineMs: 30_000, nowMs: 5_500, price: '3399.50' }}
          onOpen={vi.fn()}
        />
      </ul>,
    );
    const card = screen.getByTestId('order-card');
    expect(card.dataset.status).toBe('open');
    expect(within(card).getByText('Trading')).toBeTruthy();
    expect(within(card).getByText('Buy more')).toBeTruthy();
    expect(within(card).getByText('100 CNY')).toBeTruthy();
    expect(within(card).getByText('3,400.00')).toBeTruthy();
    // Buy more below the strike is losing: the now price reads red.
    expect(within(card).getByText('3,399.50').dataset.tone).toBe('down');
    expect(within(card).getByTestId('card-countdown').textContent).toBe('0:25');
  });

  it('shows a closed order with its close price and profit and loss, and opens it', () => {
    const onOpen = vi.fn();
    const order = settled('lost', '3399.00');
    render(
      <ul>
        <OrderCard order={order} onOpen={onOpen} />
      </ul>,
    );
    const card = screen.getByTestId('order-card');
    expect(within(card).getByText('Lost')).toBeTruthy();
    expect(within(card).getByText('3,399.00')).toBeTruthy();
    expect(within(card).getByTestId('card-profit').textContent).toBe('-100 CNY');
    expect(within(card).getByTestId('card-profit').dataset.tone).toBe('down');
    fireEvent.click(card);
    expect(onOpen).toHaveBeenCalledWith(order);
  });
});

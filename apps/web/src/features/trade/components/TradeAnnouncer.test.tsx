import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { settled, testOrder } from '../testOrder';
import { TradeAnnouncer } from './TradeAnnouncer';

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const region = () => screen.getByRole('status');

describe('TradeAnnouncer', () => {
  it('says the time left at the start and at 10 s only, then the result', () => {
    const order = testOrder();
    const deadlineMs = Date.now() + 30_000;
    const { rerender } = render(<TradeAnnouncer order={order} deadlineMs={deadlineMs} />);
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toBe('Time left: 30 s');
    // Not every second: the text (what a screen reader reads) stays put until 10 s are left.
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(region().textContent).toBe('Time left: 30 s');
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(region().textContent).toBe('Time left: 10 s');
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(region().textContent).toBe('Time left: 10 s');
    rerender(<TradeAnnouncer order={settled('won', '3400.50')} deadlineMs={deadlineMs} />);
    expect(region().textContent).toBe('You won');
  });
});

import type { PracticeAccount } from '@ampere/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, i18n } from '@/i18n';
import { loadFeatureMessages } from '@/i18n/feature';
import { createStorage } from '@/lib/storage';
import { BOOK_STORAGE_KEY, bookChoice, createBookChoice } from '../book';
import { BookSwitch } from './BookSwitch';
import { PracticeCard } from './PracticeCard';

beforeAll(async () => {
  await initI18n();
  await loadFeatureMessages('practice', i18n.language);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => {
    bookChoice.set('real');
  });
});

const account: PracticeAccount = {
  currency: 'usdt',
  available: '9900.000000',
  inOrder: '100.000000',
  start: '10000.000000',
  openOrders: 1,
  resets: 0,
  lastResetAt: null,
  nextResetAt: null,
};

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A memory-only store: what a device would keep between launches. */
const memoryStore = () => createStorage({ backend: () => undefined });

describe('the book choice', () => {
  it('starts on real money, remembers Practice on the device, and tells its listeners', () => {
    const store = memoryStore();
    const choice = createBookChoice(store);
    expect(choice.get()).toBe('real');
    const heard = vi.fn();
    const stop = choice.subscribe(heard);
    choice.set('practice');
    choice.set('practice');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.get(BOOK_STORAGE_KEY, (v) => v)).toBe('practice');
    expect(createBookChoice(store).get()).toBe('practice');
    stop();
    choice.set('real');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('ignores a stored value that is not a book', () => {
    const store = memoryStore();
    store.set(BOOK_STORAGE_KEY, 'demo');
    expect(createBookChoice(store).get()).toBe('real');
  });
});

describe('BookSwitch', () => {
  it('switches between Real and Practice, and stays in view while Practice is chosen', () => {
    render(<BookSwitch />);
    const group = screen.getByRole('radiogroup', { name: 'Account' });
    const real = within(group).getByRole('radio', { name: 'Real' });
    const practice = within(group).getByRole('radio', { name: 'Practice' });
    expect(real.getAttribute('aria-checked')).toBe('true');
    expect(group.parentElement?.dataset.book).toBe('real');
    fireEvent.click(practice);
    expect(bookChoice.get()).toBe('practice');
    expect(practice.getAttribute('aria-checked')).toBe('true');
    expect(real.getAttribute('aria-checked')).toBe('false');
    // The bar carrying the switch is the one made sticky for practice.
    expect(group.parentElement?.dataset.book).toBe('practice');
  });
});

describe('PracticeCard', () => {
  it('names practice and shows its balance, without the reset on the Trade tab', () => {
    render(withQueries(<PracticeCard account={account} />));
    const card = screen.getByTestId('practice-card');
    expect(within(card).getByText('PRACTICE')).toBeTruthy();
    expect(within(card).getByText('Virtual USDT · not real money')).toBeTruthy();
    expect(within(card).getByTestId('practice-available').textContent).toBe('9,900.00 USDT');
    expect(within(card).getByText('100.00 USDT')).toBeTruthy();
    expect(within(card).queryByTestId('practice-reset')).toBeNull();
  });

  it('resets with an idempotency key and says why the server refused', async () => {
    const sent: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Request(input, init));
        return new Response(
          JSON.stringify({
            code: 4101,
            msg: 'Practice can be reset once your practice orders have settled',
            data: null,
          }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        );
      }),
    );
    render(withQueries(<PracticeCard account={account} full />));
    const reset = screen.getByTestId('practice-reset');
    expect(reset.textContent).toBe('Reset to 10,000.00 USDT');
    expect(screen.getByText(/once an hour, when no practice order is open/)).toBeTruthy();
    fireEvent.click(reset);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Practice can be reset once your practice orders have settled',
    );
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).pathname).toBe('/api/v1/user/practiceReset');
    expect(sent[0]!.headers.get('idempotency-key')).toMatch(/.{16,}/);
  });

  it('tells when the next reset is allowed', () => {
    render(
      withQueries(
        <PracticeCard
          account={{ ...account, resets: 1, nextResetAt: Date.UTC(2026, 10, 26, 15, 5) }}
          full
        />,
      ),
    );
    expect(screen.getByText(/^Next reset from /)).toBeTruthy();
  });
});

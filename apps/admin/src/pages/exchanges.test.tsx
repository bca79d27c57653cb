import type { AdminExchange } from '@ampere/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { filterOf } from '@/features/funding/components/ExchangeList';
import { ok } from '@/test/fakeServer';
import { pageTests, renderAsMember } from '@/test/pages';
import ExchangesPage from './ExchangesPage';

const api = pageTests();

// 1000.00 CNY at 0.1 %: fee 1.00; (1000.00 − 1.00) ÷ 7.286250 = 137.107565 USDT.
const exchange = (id: string, uid: string): AdminExchange => ({
  id,
  user: { uid, username: `user${uid}` },
  from: 'money',
  to: 'usdt',
  amount: '1000.00',
  fee: '1.00',
  rate: '7.286250',
  receive: '137.107565',
  journalId: `9${id}`,
  createdAt: '2026-11-26T08:00:00.000Z',
});

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

describe('the Exchanges page', () => {
  it('lists exchanges with user, pair, amounts, rate, fee, journal; pages by cursor', async () => {
    api.server.on(
      'GET funding/exchanges',
      ok({ items: [exchange('12', '31415926')], nextCursor: '12' }),
      ok({ items: [exchange('11', '27182818')], nextCursor: null }),
    );
    renderAsMember(
      <MemoryRouter>
        <ExchangesPage />
      </MemoryRouter>,
      'auditor',
    );
    await screen.findByText('user31415926 (31415926)');
    const row = rowOf('user31415926 (31415926)');
    expect(within(row).getByText('CNY → USDT')).toBeTruthy();
    expect(within(row).getByText('7.286250')).toBeTruthy();
    expect(within(row).getByText('912')).toBeTruthy();
    expect(row.textContent).toContain('1,000.00');
    expect(row.textContent).toContain('137.107565');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('user27182818 (27182818)')).toBeTruthy();
    expect(api.server.last('GET funding/exchanges')?.query.get('cursor')).toBe('12');
  });

  it('searches by user uid', async () => {
    api.server.on('GET funding/exchanges', ok({ items: [], nextCursor: null }));
    renderAsMember(
      <MemoryRouter>
        <ExchangesPage />
      </MemoryRouter>,
      'finance',
    );
    expect(await screen.findByText('No exchanges match.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('User UID'), { target: { value: ' 31415926 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(api.server.last('GET funding/exchanges')?.query.get('uid')).toBe('31415926');
    });
  });

  it('turns the picked days into [first day’s start, the day after the last)', () => {
    const day = (iso: string) => {
      const d = new Date(iso);
      return {
        startOf: () => ({
          toISOString: () => d.toISOString(),
          add: () => ({ toISOString: () => new Date(d.getTime() + 86_400_000).toISOString() }),
        }),
      };
    };
    const range = [day('2026-11-20T00:00:00.000Z'), day('2026-11-21T00:00:00.000Z')];
    expect(filterOf({ uid: '  ', range: range as never })).toEqual({
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-22T00:00:00.000Z',
    });
  });
});

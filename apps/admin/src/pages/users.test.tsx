import type { Role, UserDetail, UserSummary } from '@ampere/contract/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/core/queryClient';
import { fail, ok } from '@/test/fakeServer';
import { pageTests, renderAsMember } from '@/test/pages';
import UserDetailPage from './UserDetailPage';
import UsersPage from './UsersPage';

const api = pageTests();

/** The Users pages as the shell routes them, for a member of `role`. */
function renderAt(path: string, role: Role) {
  renderAsMember(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/users" element={<UsersPage />} />
        <Route path="/users/:uid" element={<UserDetailPage />} />
      </Routes>
    </MemoryRouter>,
    role,
  );
}

const alice: UserSummary = {
  uid: '31415926',
  username: 'alice',
  status: 'active',
  level: 0,
  levelName: 'ordinary',
  inviteCode: 'ABCD2345',
  createdAt: '2026-11-20T08:00:00.000Z',
};
const balance = (available: string) => ({
  available,
  frozen: { total: '0.00', inOrder: '0.00', withdrawHold: '0.00', earnPrincipal: '0.00' },
  total: available,
});
const detail: UserDetail = {
  user: { ...alice, referrer: null, fundPasswordSet: true, creditScore: 100, levelFloor: 0 },
  balances: {
    money: balance('1234.50'),
    usdt: { ...balance('0.000001'), frozen: { ...balance('0').frozen, total: '0.000000' } },
  },
  counts: { referrals: 2 },
};

describe('the Users pages', () => {
  it('search by a term, then open a user', async () => {
    api.server.on('GET users', ok({ items: [alice], nextCursor: null }));
    api.server.on('GET users/31415926', ok(detail));
    renderAt('/users', 'support');
    expect(await screen.findByRole('link', { name: '31415926' })).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('UID, username or invite code'), {
      target: { value: ' ali ' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Query|Search/ }));
    await waitFor(() => {
      expect(api.server.last('GET users')?.query.get('q')).toBe('ali');
    });
    expect(api.server.last('GET users')?.query.get('match')).toBe('prefix');

    fireEvent.click(await screen.findByRole('link', { name: '31415926' }));
    expect(await screen.findByText('alice · 31415926')).toBeTruthy();
    // The money, exact to the minor unit.
    expect(screen.getAllByText('1,234.50').length).toBeGreaterThan(0);
    expect(screen.getAllByText('0.000001').length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'Referrals (2)' })).toBeTruthy();
  });

  it('shows each action only with its permission', async () => {
    api.server.on('GET users/31415926', ok(detail));
    renderAt('/users/31415926', 'support');
    await screen.findByText('alice · 31415926');
    for (const name of ['Disable', 'Reset password', 'Set level'])
      expect(screen.getByRole('button', { name }), name).toBeTruthy();
    cleanup();
    queryClient.clear();

    renderAt('/users/31415926', 'compliance');
    await screen.findByText('alice · 31415926');
    expect(screen.getByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set level' })).toBeNull();
    cleanup();
    queryClient.clear();

    renderAt('/users/31415926', 'risk');
    await screen.findByText('alice · 31415926');
    for (const name of ['Disable', 'Reset password', 'Set level'])
      expect(screen.queryByRole('button', { name }), name).toBeNull();
  });

  it("shows staff's floor beside the level, and the level dialog starts from that floor", async () => {
    // Intermediate by the thresholds, with Junior set by staff as the floor.
    const raised = {
      ...detail,
      user: { ...detail.user, level: 2, levelName: 'intermediate' as const, levelFloor: 1 },
    };
    api.server.on('GET users/31415926', ok(raised));
    api.server.on('POST users/31415926/level', ok(raised.user));
    renderAt('/users/31415926', 'support');
    await screen.findByText('alice · 31415926');
    expect(screen.getByText('Set by staff: never below Junior')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Set level' }));
    const dialog = await screen.findByRole('dialog');
    // The select shows the floor (Junior), not the level in force (Intermediate).
    expect(within(dialog).getByText('Junior')).toBeTruthy();
    expect(within(dialog).queryByText('Intermediate')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set level' }));
    await waitFor(() => {
      expect(api.server.last('POST users/31415926/level')?.body).toMatchObject({ level: 1 });
    });
  });

  it('resets a password after asking, and shows the temporary one once', async () => {
    api.server.on('GET users/31415926', ok(detail));
    api.server.on(
      'POST users/31415926/password-reset',
      ok({ user: alice, temporaryPassword: 'Kp7x-Qm2n-Hr4z' }),
    );
    renderAt('/users/31415926', 'support');
    await screen.findByText('alice · 31415926');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('Why, e.g. the ticket number'), {
      target: { value: 'caller verified, ticket 88' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByTestId('temporary-password')).textContent).toContain(
      'Kp7x-Qm2n-Hr4z',
    );
    const sent = api.server.last('POST users/31415926/password-reset');
    expect(sent?.body).toEqual({ reason: 'caller verified, ticket 88' });
    expect(sent?.headers.get('x-csrf-token')).toBe('csrf-1');
  });

  it('shows the practice book and practice orders apart from real money', async () => {
    const order = (id: string, book: 'real' | 'practice', amount: string) => ({
      id,
      symbol: 'BTC/USDT',
      name: 'Bitcoin',
      direction: 'up' as const,
      currency: 'usdt' as const,
      book,
      amount,
      period: 30,
      payoutRate: '0.80',
      status: 'won' as const,
      strikePrice: '60000.00',
      strikeTime: 1_795_000_000_000,
      openedAt: 1_795_000_000_000,
      expiresAt: 1_795_000_030_000,
      secondsRemaining: 0,
      exitPrice: '60010.00',
      exitTime: 1_795_000_030_000,
      payout: '0',
      profit: '80.000000',
      settledAt: 1_795_000_031_000,
    });
    api.server.on('GET users/31415926', ok(detail));
    api.server.on('GET users/31415926/orders', (request) =>
      request.query.get('book') === 'practice'
        ? ok({ items: [order('77', 'practice', '100.000000')], nextCursor: null })
        : ok({ items: [order('12', 'real', '5.000000')], nextCursor: null }),
    );
    api.server.on(
      'GET users/31415926/practice',
      ok({
        account: {
          currency: 'usdt',
          available: '10080.000000',
          inOrder: '0.000000',
          start: '10000.000000',
          openOrders: 0,
          resets: 2,
          lastResetAt: Date.UTC(2026, 10, 25, 9, 30),
          nextResetAt: null,
        },
        orders: { total: 3, open: 0, won: 2, lost: 1, staked: '300.000000', net: '60.000000' },
      }),
    );
    renderAt('/users/31415926', 'support');
    await screen.findByText('alice · 31415926');

    // The Orders tab is real money only: it never asks for the practice book.
    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(await screen.findByText('12')).toBeTruthy();
    expect(api.server.last('GET users/31415926/orders')?.query.has('book')).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: 'Practice' }));
    const practice = await screen.findByTestId('user-practice');
    expect(within(practice).getByText('PRACTICE')).toBeTruthy();
    expect(await within(practice).findByText('10,080.000000 USDT')).toBeTruthy();
    expect(within(practice).getByText('10,000.000000 USDT')).toBeTruthy();
    expect(within(practice).getByText('2 won / 1 lost')).toBeTruthy();
    expect(within(practice).getByText('+60.000000 USDT')).toBeTruthy();
    expect(within(practice).getByText('Now (once no practice order is open)')).toBeTruthy();
    expect(within(practice).getByText('Resets').closest('tr')?.textContent).toContain('2');
    // Its own list of orders, asked for by book.
    expect(await within(practice).findByText('77')).toBeTruthy();
    expect(within(practice).queryByText('12')).toBeNull();
    expect(api.server.last('GET users/31415926/orders')?.query.get('book')).toBe('practice');
  });

  it('says when a user never opened Practice', async () => {
    api.server.on('GET users/31415926', ok(detail));
    api.server.on('GET users/31415926/orders', ok({ items: [], nextCursor: null }));
    api.server.on(
      'GET users/31415926/practice',
      ok({
        account: null,
        orders: { total: 0, open: 0, won: 0, lost: 0, staked: '0.000000', net: '0.000000' },
      }),
    );
    renderAt('/users/31415926', 'support');
    await screen.findByText('alice · 31415926');
    fireEvent.click(screen.getByRole('tab', { name: 'Practice' }));
    expect(await screen.findByText('This user has not opened Practice yet.')).toBeTruthy();
  });

  it('says why a user cannot be shown', async () => {
    api.server.on('GET users/100000000', fail(7010, 'There is no such user', 404));
    renderAt('/users/100000000', 'support');
    expect(await screen.findByText('There is no such user')).toBeTruthy();
  });
});

import type { AdminProduct, Dashboard, FundingSettings, Role } from '@ampere/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/test/fakeServer';
import { pageTests, renderAsMember } from '@/test/pages';
import DashboardPage from './DashboardPage';
import FundingPage from './FundingPage';
import LevelsPage from './LevelsPage';
import ProductsPage from './ProductsPage';

const api = pageTests();

/** A page as the shell shows it to a member of `role`. */
function renderPage(Page: ComponentType, role: Role) {
  renderAsMember(<Page />, role);
}

/** The card a text is in. */
function cardOf(text: HTMLElement): HTMLElement {
  const card = text.closest<HTMLElement>('.ant-pro-card');
  if (!card) throw new Error('not in a card');
  return card;
}

const funding: FundingSettings = {
  recharge: { open: true, closeTip: {} },
  withdraw: { open: false, closeTip: { 'en-US': 'Withdrawals resume on Monday.' } },
};

const limits = {
  money: { min: '10.00', max: '50000.00' },
  usdt: { min: '1.000000', max: '10000.000000' },
};
const btc: AdminProduct = {
  symbol: 'BTC/USDT',
  name: 'Bitcoin',
  category: 'crypto',
  priceScale: 2,
  tradingState: 'open',
  sortOrder: 1,
  periods: [
    { seconds: 30, payoutRate: '0.8', enabled: true, limits },
    { seconds: 60, payoutRate: '0.82', enabled: false, limits },
  ],
};

describe('funding switches', () => {
  it('closes recharge with a tip in German, leaving the other languages as they were', async () => {
    api.server.on('GET settings/funding', ok(funding));
    api.server.on(
      'POST settings/funding/recharge',
      ok({ ...funding, recharge: { open: false, closeTip: { de: 'Heute geschlossen.' } } }),
    );
    renderPage(FundingPage, 'finance');
    const card = cardOf(await screen.findByText('Recharge'));
    fireEvent.click(within(card).getByRole('switch'));
    fireEvent.click(within(card).getByRole('tab', { name: 'Deutsch' }));
    fireEvent.change(within(card).getByLabelText('Recharge: Deutsch'), {
      target: { value: '  Heute geschlossen.  ' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(api.server.last('POST settings/funding/recharge')?.body).toEqual({
        open: false,
        closeTip: { de: 'Heute geschlossen.' },
      });
    });
    expect(api.server.last('POST settings/funding/recharge')?.headers.get('x-csrf-token')).toBe(
      'csrf-1',
    );
    // The withdrawal card shows its own state and tip, untouched.
    const other = cardOf(screen.getByText('Withdrawal'));
    expect(within(other).getByLabelText<HTMLTextAreaElement>('Withdrawal: English').value).toBe(
      'Withdrawals resume on Monday.',
    );
  });

  it('is read-only for a role without settings.funding', async () => {
    api.server.on('GET settings/funding', ok(funding));
    renderPage(FundingPage, 'support');
    const switches = await screen.findAllByRole('switch');
    expect(switches.map((s) => s.hasAttribute('disabled'))).toEqual([true, true]);
    expect(screen.getByText('Your role can read these settings but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('products and periods', () => {
  it('says changes apply to new orders only, and sends a period’s new terms whole', async () => {
    api.server.on('GET settings/products', ok({ items: [btc] }));
    api.server.on('POST settings/periods', ok(btc));
    renderPage(ProductsPage, 'risk');
    expect(screen.getByText(/Changes apply to new orders only/)).toBeTruthy();
    expect(await screen.findByText('Bitcoin')).toBeTruthy();
    expect(screen.getByText('1 / 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /expand row/i }));
    const periods = await screen.findByText('30 s');
    const row = periods.closest<HTMLElement>('tr')!;
    expect(within(row).getByText('0.8 (80%)')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));

    const dialog = await screen.findByRole('dialog');
    const rate = within(dialog).getByLabelText('Payout rate');
    fireEvent.change(rate, { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findAllByText('Above 0 and at most 1, up to 4 decimals (0.85 = 85 %)'),
    ).not.toHaveLength(0);
    expect(api.server.last('POST settings/periods')).toBeUndefined();

    fireEvent.change(rate, { target: { value: '0.85' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum CNY'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(api.server.last('POST settings/periods')?.body).toEqual({
        symbol: 'BTC/USDT',
        seconds: 30,
        payoutRate: '0.85',
        enabled: true,
        limits: { ...limits, money: { min: '20', max: '50000.00' } },
      });
    });
  });

  it('offers no editing to a role without settings.products', async () => {
    api.server.on('GET settings/products', ok({ items: [btc] }));
    renderPage(ProductsPage, 'support');
    expect(await screen.findByText('Bitcoin')).toBeTruthy();
    expect(screen.getByText('Your role can read products but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('member levels', () => {
  it('sends the thresholds per level and currency', async () => {
    const none = { money: '0.00', usdt: '0.000000' };
    const levels = {
      junior: { volume: { money: '10000.00', usdt: '1500.000000' }, deposits: none },
      intermediate: { volume: { money: '100000.00', usdt: '15000.000000' }, deposits: none },
      premium: { volume: { money: '1000000.00', usdt: '150000.000000' }, deposits: none },
    };
    api.server.on('GET settings/levels', ok(levels));
    api.server.on('POST settings/levels', ok(levels));
    renderPage(LevelsPage, 'risk');
    const premium = await screen.findByLabelText('Premium: Volume in CNY');
    fireEvent.change(premium, { target: { value: '2000000' } });
    const deposits = screen.getByLabelText('Premium: Deposits in USDT');
    fireEvent.change(deposits, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(api.server.last('POST settings/levels')?.body).toEqual({
        ...levels,
        premium: {
          volume: { ...levels.premium.volume, money: '2000000' },
          deposits: { ...none, usdt: '500' },
        },
      });
    });
  });
});

describe('the dashboard', () => {
  it('shows the queues, today, the exposure, the last reconciliation and the feed', async () => {
    const dashboard: Dashboard = {
      generatedAt: '2026-11-21T08:00:00.000Z',
      queues: [
        { name: 'adjustments', count: 2, oldestAt: '2026-11-21T07:00:00.000Z' },
        { name: 'funding.recharges', count: 0, oldestAt: null },
        { name: 'funding.withdrawals', count: 1, oldestAt: '2026-11-21T07:30:00.000Z' },
        { name: 'funding.payouts', count: 0, oldestAt: null },
        { name: 'kyc', count: 0, oldestAt: null },
      ],
      today: {
        from: '2026-11-21T00:00:00.000Z',
        to: '2026-11-21T08:00:00.000Z',
        deposits: [
          { currency: 'money', count: 0, amount: '0.00' },
          { currency: 'usdt', count: 0, amount: '0.000000' },
        ],
        withdrawals: [
          { currency: 'money', count: 0, amount: '0.00' },
          { currency: 'usdt', count: 0, amount: '0.000000' },
        ],
        trading: [
          { currency: 'money', count: 4, amount: '100.09' },
          { currency: 'usdt', count: 0, amount: '0.000000' },
        ],
        journals: [{ kind: 'trade_open', currency: 'money', count: 4, amount: '100.09' }],
      },
      exposure: [
        {
          symbol: 'BTC/USDT',
          direction: 'up',
          currency: 'money',
          orders: 3,
          stake: '100.04',
          payoutIfWon: '180.06',
        },
      ],
      reconciliation: {
        checkedAt: '2026-11-21T07:50:00.000Z',
        ok: true,
        totals: [{ currency: 'money', total: '0.00' }],
        unbalancedJournals: 0,
        balanceMismatches: 0,
        negativeBalances: 0,
      },
      feed: {
        configured: { feed: 'exchange', publishes: true },
        leader: {
          node: 'feed-1:4242',
          feed: 'exchange',
          electedAt: '2026-11-21T06:00:00.000Z',
          seenAt: '2026-11-21T07:59:58.000Z',
          alive: true,
        },
        products: [
          {
            symbol: 'XAU/USD',
            tradingState: 'open',
            state: 'paused',
            lastTickAt: null,
          },
        ],
      },
    };
    api.server.on('GET dashboard', ok(dashboard));
    renderPage(DashboardPage, 'auditor');
    expect(await screen.findByText('Balance adjustments to approve')).toBeTruthy();
    // Every queue the server reports by its label, none by its key.
    for (const label of [
      'Recharges to confirm',
      'Withdrawals to review',
      'Approved withdrawals to pay out',
      'Real-name verifications to review',
    ])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.queryByText(/^funding\./)).toBeNull();
    expect(screen.getByText('4 · 100.09')).toBeTruthy();
    expect(screen.getByText('Order stake held')).toBeTruthy();
    expect(screen.getByText('180.06')).toBeTruthy();
    expect(screen.getByText('Balanced')).toBeTruthy();
    expect(screen.getByText('feed-1:4242 · Live')).toBeTruthy();
    expect(screen.getByText('Paused (no tick for 5 s)')).toBeTruthy();
    // The member's own cards stay.
    expect(screen.getByText('Signed in as')).toBeTruthy();
  });
});

import type { TimelineEntry } from '@ampere/contract';
import type { AdminRecharge, AdminWithdrawal, Role } from '@ampere/contract/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '@/test/fakeServer';
import { pageTests, renderAsMember } from '@/test/pages';
import RechargesPage from './RechargesPage';
import WithdrawalsPage from './WithdrawalsPage';

const api = pageTests();

function renderPage(page: ReactNode, role: Role) {
  renderAsMember(<MemoryRouter>{page}</MemoryRouter>, role);
}

const submitted: TimelineEntry = {
  event: 'submitted',
  at: '2026-11-26T08:00:00.000Z',
  label: 'Submitted',
  reasonCode: null,
  reason: null,
  note: null,
};

const recharge = (id: string, reference: string): AdminRecharge => ({
  id,
  user: { uid: '31415926', username: 'alice' },
  currency: 'money',
  amount: '1000.00',
  status: 'pending',
  payerName: 'Alice Zhang',
  reference,
  account: { id: '1', bankName: 'Ampere Bank', cardNumber: '6222020200112233445' },
  proof: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  expiresAt: '2026-11-27T08:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  journalId: null,
  timeline: [submitted],
});

const withdrawal = (
  id: string,
  amount: string,
  approvals: AdminWithdrawal['approvals'],
  needed: number,
): AdminWithdrawal => ({
  id,
  user: { uid: '31415926', username: 'alice' },
  currency: 'money',
  amount,
  fee: '7.00',
  actualArrival: '993.00',
  status: 'pending',
  destination: {
    kind: 'card',
    accountName: 'Alice Zhang',
    bankName: 'ICBC',
    cardNumber: '6222020200112233445',
    branch: 'Pudong',
  },
  approvalsNeeded: needed,
  approvals,
  chainPayout: false,
  payoutReference: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  timeline: [submitted],
});

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

describe('the Recharge review page', () => {
  it('lists the pending queue and confirms one with an Idempotency-Key', async () => {
    api.server.on(
      'GET funding/recharges',
      ok({ items: [recharge('5', 'REF-5')], nextCursor: null }),
    );
    api.server.on(
      'POST funding/recharges/5/confirm',
      ok({ ...recharge('5', 'REF-5'), status: 'credited' }),
    );
    renderPage(<RechargesPage />, 'finance');
    await screen.findByText('REF-5');
    expect(api.server.last('GET funding/recharges')?.query.get('status')).toBe('pending');
    fireEvent.click(within(rowOf('REF-5')).getByRole('button', { name: 'Confirm' }));
    const pop = await screen.findByRole('tooltip');
    expect(
      within(pop).getByText(/1000\.00 CNY to alice \(31415926\), paid by Alice Zhang/),
    ).toBeTruthy();
    fireEvent.click(within(pop).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Recharge 5 is credited.')).toBeTruthy();
    const sent = api.server.last('POST funding/recharges/5/confirm');
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects with a reason the user is told, and shows a refusal in the server’s words', async () => {
    api.server.on(
      'GET funding/recharges',
      ok({ items: [recharge('6', 'REF-6')], nextCursor: null }),
    );
    api.server.on(
      'POST funding/recharges/6/reject',
      fail(7101, 'This recharge was already decided', 409),
    );
    renderPage(<RechargesPage />, 'finance');
    await screen.findByText('REF-6');
    fireEvent.click(within(rowOf('REF-6')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Payment not received'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This recharge was already decided')).toBeTruthy();
    expect(api.server.last('POST funding/recharges/6/reject')?.body).toEqual({
      reason: 'payment_not_received',
    });
  });

  it('shows the transfer receipt the user attached, in the queue and on the record', async () => {
    const url = '/api/v1/common/file/AAAAAAAAAAAAAAAAAAAAAA?exp=1&sig=x';
    api.server.on(
      'GET funding/recharges',
      ok({
        items: [
          { ...recharge('8', 'REF-8'), proof: { url, urlExpiresAt: '2026-11-26T08:05:00.000Z' } },
          recharge('9', 'REF-9'),
        ],
        nextCursor: null,
      }),
    );
    renderPage(<RechargesPage />, 'finance');
    await screen.findByText('REF-8');
    const thumb = within(rowOf('REF-8')).getByRole('img', { name: 'Receipt' });
    expect(thumb.getAttribute('src')).toBe(url);
    expect(within(rowOf('REF-9')).getByText('None')).toBeTruthy();
    fireEvent.click(within(rowOf('REF-8')).getByRole('button', { name: '8' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('img', { name: 'Receipt' }).getAttribute('src')).toBe(url);
  });

  it('offers no decision to a role that may only read', async () => {
    api.server.on(
      'GET funding/recharges',
      ok({ items: [recharge('7', 'REF-7')], nextCursor: null }),
    );
    renderPage(<RechargesPage />, 'auditor');
    await screen.findByText('REF-7');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});

describe('the Withdrawals page', () => {
  it('shows clearly when a large amount needs a second approver, and not to the first', async () => {
    api.server.on(
      'GET funding/withdrawals',
      ok({
        items: [
          withdrawal('11', '30000.00', [{ by: { id: '1', username: 'ann' }, at: submitted.at }], 2),
          withdrawal('12', '30000.00', [{ by: { id: '2', username: 'bob' }, at: submitted.at }], 2),
          withdrawal('13', '1000.00', [], 1),
        ],
        nextCursor: null,
      }),
    );
    renderPage(<WithdrawalsPage />, 'finance');
    await screen.findByRole('button', { name: '11' });
    const mine = screen.getByRole('button', { name: '11' }).closest('tr')!;
    expect(within(mine).getByText('Two approvals needed · 1/2')).toBeTruthy();
    expect(within(mine).getByText('You approved')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Second approval' })).toBeNull();
    const bobs = screen.getByRole('button', { name: '12' }).closest('tr')!;
    expect(within(bobs).getByRole('button', { name: 'Second approval' })).toBeTruthy();
    const small = screen.getByRole('button', { name: '13' }).closest('tr')!;
    expect(within(small).getByText('0/1')).toBeTruthy();
    expect(within(small).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('marks an approved one paid with the payout reference', async () => {
    api.server.on('GET funding/withdrawals', (req) =>
      ok({
        items:
          req.query.get('status') === 'approved'
            ? [{ ...withdrawal('21', '1000.00', [], 1), status: 'approved' }]
            : [],
        nextCursor: null,
      }),
    );
    api.server.on(
      'POST funding/withdrawals/21/paid',
      ok({ ...withdrawal('21', '1000.00', [], 1), status: 'paid' }),
    );
    renderPage(<WithdrawalsPage />, 'finance');
    fireEvent.click(await screen.findByRole('tab', { name: 'To pay' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Payout reference'), {
      target: { value: 'ICBC-PAY-0001' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Withdrawal 21 is paid.')).toBeTruthy();
    const sent = api.server.last('POST funding/withdrawals/21/paid');
    expect(sent?.body).toEqual({ reference: 'ICBC-PAY-0001' });
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

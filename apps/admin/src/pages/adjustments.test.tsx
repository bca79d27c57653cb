import type { Adjustment, Role } from '@ampere/contract/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '@/test/fakeServer';
import { pageTests, renderAsMember } from '@/test/pages';
import AdjustmentsPage from './AdjustmentsPage';

const api = pageTests();

/** The page for member `ann` (id 1) of `role`. */
function renderPage(role: Role) {
  renderAsMember(
    <MemoryRouter>
      <AdjustmentsPage />
    </MemoryRouter>,
    role,
  );
}

const adjustment = (id: string, by: { id: string; username: string }): Adjustment => ({
  id,
  user: { uid: '31415926', username: 'alice' },
  currency: 'money',
  amount: '-20.00',
  reason: `reason ${id}`,
  status: 'pending',
  requestedBy: by,
  requestedAt: '2026-11-21T08:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  journalId: null,
});
const mine = adjustment('7', { id: '1', username: 'ann' });
const bobs = adjustment('8', { id: '2', username: 'bob' });

/** The table row that shows `text`. */
const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

describe('the Adjustments page', () => {
  it('offers approval only on other members’ requests, and shows the server’s refusal', async () => {
    api.server.on('GET adjustments', ok({ items: [bobs, mine], nextCursor: null }));
    api.server.on(
      'POST adjustments/8/approve',
      fail(7021, 'You cannot approve your own adjustment', 409),
    );
    renderPage('finance');
    await screen.findByText('reason 7');
    expect(api.server.last('GET adjustments')?.query.get('status')).toBe('pending');
    expect(within(rowOf('reason 7')).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(rowOf('reason 7')).getByText('Your request')).toBeTruthy();

    fireEvent.click(within(rowOf('reason 8')).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('You cannot approve your own adjustment')).toBeTruthy();
    const sent = api.server.last('POST adjustments/8/approve');
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets support request but not approve', async () => {
    api.server.on('GET adjustments', ok({ items: [bobs], nextCursor: null }));
    renderPage('support');
    await screen.findByText('reason 8');
    expect(screen.getByRole('button', { name: /Request adjustment/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('sends a request with one Idempotency-Key, the same again after a lost answer', async () => {
    api.server.on('GET adjustments', ok({ items: [], nextCursor: null }));
    api.server.on(
      'POST adjustments',
      fail(9000, 'System error, please go back and try again', 500),
      ok(adjustment('9', { id: '1', username: 'ann' })),
    );
    renderPage('finance');
    fireEvent.click(await screen.findByRole('button', { name: /Request adjustment/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText("The user's UID (digits)"), {
      target: { value: '31415926' },
    });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1.005' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'goodwill, ticket 7001' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    // Three decimals are not CNY: nothing is sent.
    expect(
      await within(dialog).findByText(
        'Enter a non-zero amount with no more decimals than the currency has.',
      ),
    ).toBeTruthy();
    expect(api.server.last('POST adjustments')).toBeUndefined();

    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '-20.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('System error, please go back and try again')).toBeTruthy();
    const first = api.server.last('POST adjustments');
    expect(first?.body).toEqual({
      uid: '31415926',
      currency: 'money',
      amount: '-20.00',
      reason: 'goodwill, ticket 7001',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(
      await screen.findByText('Adjustment 9 is requested and waits for approval.'),
    ).toBeTruthy();
    const requests = api.server.seen.filter((r) => r.method === 'POST' && r.path === 'adjustments');
    expect(requests).toHaveLength(2);
    const keys = requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

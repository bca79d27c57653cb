import type { Adjustment, Role } from '@ampere/contract/admin';
import { enUSIntl, ProConfigProvider } from '@ant-design/pro-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import antdEnUS from 'antd/locale/en_US';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/core/queryClient';
import { SessionContext, signedIn } from '@/core/session';
import { initI18n } from '@/i18n';
import { fail, fakeStaffApi, ok } from '@/test/fakeServer';
import { staffSession } from '@/test/fixtures';
import AdjustmentsPage from './AdjustmentsPage';

let server: ReturnType<typeof fakeStaffApi>;

/** The page for member `ann` (id 1) of `role`, in English. */
function renderPage(role: Role) {
  const session = staffSession({ role, csrfToken: 'csrf-1' });
  signedIn(session);
  render(
    <ConfigProvider locale={antdEnUS}>
      <ProConfigProvider intl={enUSIntl}>
        <AntdApp>
          <QueryClientProvider client={queryClient}>
            <SessionContext value={session}>
              <MemoryRouter>
                <AdjustmentsPage />
              </MemoryRouter>
            </SessionContext>
          </QueryClientProvider>
        </AntdApp>
      </ProConfigProvider>
    </ConfigProvider>,
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

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  server = fakeStaffApi();
  server.install();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Adjustments page', () => {
  it('offers approval only on other members’ requests, and shows the server’s refusal', async () => {
    server.on('GET adjustments', ok({ items: [bobs, mine], nextCursor: null }));
    server.on(
      'POST adjustments/8/approve',
      fail(7021, 'You cannot approve your own adjustment', 409),
    );
    renderPage('finance');
    await screen.findByText('reason 7');
    expect(server.last('GET adjustments')?.query.get('status')).toBe('pending');
    expect(within(rowOf('reason 7')).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(rowOf('reason 7')).getByText('Your request')).toBeTruthy();

    fireEvent.click(within(rowOf('reason 8')).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('You cannot approve your own adjustment')).toBeTruthy();
    const sent = server.last('POST adjustments/8/approve');
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets support request but not approve', async () => {
    server.on('GET adjustments', ok({ items: [bobs], nextCursor: null }));
    renderPage('support');
    await screen.findByText('reason 8');
    expect(screen.getByRole('button', { name: /Request adjustment/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('sends a request with one Idempotency-Key, the same again after a lost answer', async () => {
    server.on('GET adjustments', ok({ items: [], nextCursor: null }));
    server.on(
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
    expect(server.last('POST adjustments')).toBeUndefined();

    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '-20.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('System error, please go back and try again')).toBeTruthy();
    const first = server.last('POST adjustments');
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
    const requests = server.seen.filter((r) => r.method === 'POST' && r.path === 'adjustments');
    expect(requests).toHaveLength(2);
    const keys = requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

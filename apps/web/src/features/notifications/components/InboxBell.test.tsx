import type { Notification, NotificationPush } from '@ampere/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RealtimeProvider, type WatchChannel } from '@/core/realtime';
import { initI18n } from '@/i18n';
import { loadFeatureMessages } from '@/i18n/feature';
import { useInboxPushes } from '../hooks/useNotifications';
import { notificationKeys } from '../api/notifications';
import { InboxBell } from './InboxBell';
import { NotificationList } from './NotificationList';

beforeAll(async () => {
  await initI18n();
  await loadFeatureMessages('notifications', 'en-US');
});
afterEach(cleanup);

/** A socket stand-in: what the test pushes reaches the views watching `inbox`. */
function fakeInbox() {
  const listeners = new Set<(data: NotificationPush) => void>();
  const watch = ((ch: string, listener: (data: NotificationPush) => void) => {
    if (ch !== 'inbox') return () => undefined;
    listeners.add(listener);
    return () => listeners.delete(listener);
  }) as WatchChannel;
  return {
    watch,
    push: (data: NotificationPush) => {
      act(() => {
        for (const l of listeners) l(data);
      });
    },
  };
}

function LiveBell({ onOpen }: { onOpen: () => void }) {
  useInboxPushes('alice');
  // The count as the bell's query holds it (the server's answer, then each push).
  const unread = useQuery({
    queryKey: notificationKeys.unread('alice'),
    queryFn: () => 1,
  }).data;
  return <InboxBell unread={unread ?? 0} label="Notifications" onOpen={onOpen} />;
}

describe('the bell', () => {
  it('shows the unread count, follows the inbox pushes without a reload, and opens the inbox', async () => {
    const inbox = fakeInbox();
    const onOpen = vi.fn();
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <RealtimeProvider watch={inbox.watch}>
          <LiveBell onOpen={onOpen} />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Notifications: 1' });
    inbox.push({
      unread: 3,
      item: { id: '9', kind: 'order_settled', subjectId: '4', createdAt: '2026-11-21T08:00:00Z' },
    });
    // The query's observers hear of it on their next tick: no request in between.
    expect((await screen.findByRole('button', { name: 'Notifications: 3' })).textContent).toBe('3');
    inbox.push({ unread: 100 });
    expect((await screen.findByRole('button', { name: 'Notifications: 99+' })).textContent).toBe(
      '99+',
    );
    inbox.push({ unread: 0 });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell.textContent).toBe('');
    fireEvent.click(bell);
    expect(onOpen).toHaveBeenCalledOnce();
  });
});

describe('the list', () => {
  const item = (over: Partial<Notification>): Notification => ({
    id: '1',
    kind: 'order_settled',
    subjectId: '4',
    title: 'Order won',
    body: 'BTC/USDT Buy more, 100.00 CNY: you won. 180.00 CNY is back in your balance.',
    createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    read: false,
    ...over,
  });

  it('shows the server’s text, an unread dot, the relative time; a tap opens the item', () => {
    const onOpen = vi.fn();
    const read = item({
      id: '2',
      kind: 'withdrawal_paid',
      title: 'Withdrawal paid',
      body: 'Your withdrawal of 300.00 CNY was paid out: 296.50 CNY sent after the fee.',
      read: true,
    });
    render(<NotificationList items={[item({}), read]} onOpen={onOpen} />);
    expect(screen.getByText('Order won')).toBeTruthy();
    expect(
      screen.getByText(
        'BTC/USDT Buy more, 100.00 CNY: you won. 180.00 CNY is back in your balance.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByLabelText('Unread')).toHaveLength(1);
    expect(screen.getAllByText('10 min ago')).toHaveLength(2);
    fireEvent.click(screen.getByText('Withdrawal paid'));
    expect(onOpen).toHaveBeenCalledWith(read);
  });
});

import {
  notificationListSchema,
  notificationReadResultSchema,
  notificationUnreadSchema,
} from '@ampere/contract';
import type { LocaleKey, NotificationList, NotificationReadResult } from '@ampere/contract';
import type { Api } from '@ampere/client';

/**
 * The inbox (issue #17 item 4). Every key carries the username, so a second account on the same
 * device never sees the first one's; the list carries the language too, because the server
 * writes each notification's text in the language of the request.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (username: string) => [...notificationKeys.all, 'unread', username] as const,
  list: (username: string, locale: LocaleKey) =>
    [...notificationKeys.all, 'list', username, locale] as const,
};

export const fetchUnread = async (api: Api, signal?: AbortSignal): Promise<number> =>
  notificationUnreadSchema.parse(await api.get('user/notificationUnread', { signal })).unread;

export const fetchNotifications = async (
  api: Api,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<NotificationList> =>
  notificationListSchema.parse(await api.get('user/notifications', { query: { cursor }, signal }));

/** Marks `ids` read, or with `'all'` everything up to `upTo` (the newest the app showed). */
export const markNotificationsRead = async (
  api: Api,
  ids: readonly string[] | 'all',
  upTo?: string,
): Promise<NotificationReadResult> =>
  notificationReadResultSchema.parse(
    await api.post('user/notificationRead', {
      body: {
        ids: ids === 'all' ? 'all' : ids.join(','),
        ...(ids === 'all' && upTo !== undefined ? { upTo } : {}),
      },
    }),
  );

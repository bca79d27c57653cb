import type { LocaleKey, NotificationPush } from '@ampere/contract';
import type { Api } from '@ampere/client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChannel } from '@/core/realtime';
import {
  fetchNotifications,
  fetchUnread,
  markNotificationsRead,
  notificationKeys,
} from '../api/notifications';

/** The bell's number; disabled without a user (the guard keeps visitors out anyway). */
export const useUnreadCount = (api: Api, username: string) =>
  useQuery({
    queryKey: notificationKeys.unread(username),
    queryFn: ({ signal }) => fetchUnread(api, signal),
    enabled: username !== '',
  });

/** The inbox, newest first, a page at a time, written by the server in `locale`. */
export const useNotificationList = (api: Api, username: string, locale: LocaleKey) =>
  useInfiniteQuery({
    queryKey: notificationKeys.list(username, locale),
    queryFn: ({ pageParam, signal }) => fetchNotifications(api, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: username !== '',
  });

/**
 * Keeps the bell and the inbox live from the user's private `inbox` channel (inside a
 * RealtimeProvider): the pushed count is the badge at once; a new notification reads the list
 * again (its text is written by the server in the reader's language, so it is not in the push).
 */
export function useInboxPushes(username: string): void {
  const client = useQueryClient();
  useChannel(
    'inbox',
    useCallback(
      (push: NotificationPush) => {
        if (username === '') return;
        client.setQueryData(notificationKeys.unread(username), push.unread);
        void client.invalidateQueries({ queryKey: [...notificationKeys.all, 'list', username] });
      },
      [client, username],
    ),
  );
}

/** Marks notifications read; the answer's count is the badge, and the list is read again. */
export function useMarkRead(api: Api, username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, upTo }: { ids: readonly string[] | 'all'; upTo?: string }) =>
      markNotificationsRead(api, ids, upTo),
    onSuccess: ({ unread }) => {
      client.setQueryData(notificationKeys.unread(username), unread);
      void client.invalidateQueries({ queryKey: [...notificationKeys.all, 'list', username] });
    },
  });
}

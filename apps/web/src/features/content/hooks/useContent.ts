import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocaleKey } from '@ampere/contract';
import type { Api } from '@ampere/client';
import {
  contentKeys,
  fetchIndex,
  fetchNotice,
  fetchPopups,
  fetchUserNotices,
  markNoticesRead,
} from '../api/content';

export const useHomeContent = (api: Api, locale: LocaleKey) =>
  useQuery({ queryKey: contentKeys.index(locale), queryFn: () => fetchIndex(api) });

/** One notice; disabled without an id (the page says so itself). */
export const useNotice = (api: Api, id: string, locale: LocaleKey) =>
  useQuery({
    queryKey: contentKeys.notice(id, locale),
    queryFn: () => fetchNotice(api, id),
    enabled: id !== '',
    retry: false,
  });

export const useUserNotices = (api: Api, username: string, locale: LocaleKey) =>
  useQuery({
    queryKey: contentKeys.userNotices(username, locale),
    queryFn: () => fetchUserNotices(api),
    enabled: username !== '',
  });

export const usePopupNotices = (api: Api, username: string, locale: LocaleKey) =>
  useQuery({
    queryKey: contentKeys.popups(username, locale),
    queryFn: () => fetchPopups(api),
    enabled: username !== '',
    // Seen is decided by the server; a pop-up list is read once per opening.
    staleTime: Infinity,
  });

/** Marks notices read, then refreshes every list of this user's read state. */
export function useMarkNoticesRead(api: Api) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => markNoticesRead(api, ids),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['user/notices'] });
    },
  });
}

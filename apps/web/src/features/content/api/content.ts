import {
  commonIndexSchema,
  noticePopupsSchema,
  noticeReadResultSchema,
  noticeSchema,
  userNoticeListSchema,
} from '@ampere/contract';
import type {
  CommonIndex,
  LocaleKey,
  Notice,
  NoticePopups,
  UserNoticeList,
} from '@ampere/contract';
import type { Api } from '@ampere/client';

/**
 * Home and announcements (issue #17). Texts are per language, so the language
 * is part of every key; a user's read state carries the username, so a second account on the
 * same device never sees the first one's.
 */
export const contentKeys = {
  index: (locale: LocaleKey) => ['common/index', locale] as const,
  notice: (id: string, locale: LocaleKey) => ['common/noticeView', id, locale] as const,
  userNotices: (username: string, locale: LocaleKey) => ['user/notices', username, locale] as const,
  popups: (username: string, locale: LocaleKey) => ['user/noticePopups', username, locale] as const,
};

export const fetchIndex = async (api: Api): Promise<CommonIndex> =>
  commonIndexSchema.parse(await api.get('common/index'));

export const fetchNotice = async (api: Api, id: string): Promise<Notice> =>
  noticeSchema.parse(await api.get('common/noticeView', { query: { id } }));

export const fetchUserNotices = async (api: Api): Promise<UserNoticeList> =>
  userNoticeListSchema.parse(await api.get('user/notices'));

export const fetchPopups = async (api: Api): Promise<NoticePopups> =>
  noticePopupsSchema.parse(await api.get('user/noticePopups'));

/** Marks notices read on the server (so on every device); the unread count after. */
export const markNoticesRead = async (api: Api, ids: readonly string[]): Promise<number> =>
  noticeReadResultSchema.parse(await api.post('user/noticeRead', { body: { ids: ids.join(',') } }))
    .unread;

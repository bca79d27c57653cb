import {
  FALLBACK_LOCALE,
  INT8_MAX,
  LOCALE_KEYS,
  type LocaleKey,
  type Notice,
  type NoticeSummary,
  type UserNoticeList,
} from '@ampere/contract';
import { CONTENT_LIMITS, type AdminNotice, type NoticeChange } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { createNoticesRepository, type NoticeWithTexts } from './notices.repository.js';
import { cleanBody, cleanText, summaryOf } from './sanitize.js';

/** Notices Home shows; pop-ups offered at once; notices in a user's list. */
export const HOME_NOTICES = 3;
const POPUPS_AT_ONCE = 5;
const LIST_SIZE = 50;

const ID = /^[1-9][0-9]{0,18}$/;
const idOf = (raw: string): bigint | undefined =>
  ID.test(raw) && BigInt(raw) <= INT8_MAX ? BigInt(raw) : undefined;

/** The text in the caller's language, else the fallback's, else the first one written. */
function textFor(n: NoticeWithTexts, locale: LocaleKey) {
  const by = (l: string) => n.texts.find((t) => t.locale === l);
  return (
    by(locale) ??
    by(FALLBACK_LOCALE) ??
    LOCALE_KEYS.map(by).find((t) => t !== undefined) ?? { locale, title: '', body: '' }
  );
}

function summary(n: NoticeWithTexts, locale: LocaleKey): NoticeSummary {
  const text = textFor(n, locale);
  return {
    id: n.id.toString(),
    title: text.title,
    summary: summaryOf(text.body),
    pinned: n.pinned,
    popup: n.popup,
    publishedAt: (n.publishedAt ?? n.createdAt).toISOString(),
  };
}

function full(n: NoticeWithTexts, locale: LocaleKey): Notice {
  const text = textFor(n, locale);
  // Cleaned again on the way out: a row written before a tightening of the allow-list is held
  // to the current one.
  return { ...summary(n, locale), body: cleanBody(text.body), locale: text.locale };
}

function adminView(n: NoticeWithTexts): AdminNotice {
  const order = (l: string) => LOCALE_KEYS.indexOf(l as LocaleKey);
  return {
    id: n.id.toString(),
    texts: [...n.texts]
      .sort((a, b) => order(a.locale) - order(b.locale))
      .map((t) => ({ locale: t.locale as LocaleKey, title: t.title, body: t.body })),
    pinned: n.pinned,
    popup: n.popup,
    published: n.publishedAt !== null,
    publishedAt: n.publishedAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  };
}

/** Staff's texts, sanitized; a field left empty by the sanitizer is refused (7402). */
function cleanTexts(change: NoticeChange) {
  return change.texts.map((t, i) => {
    const title = cleanText(t.title).slice(0, CONTENT_LIMITS.title).trim();
    const body = cleanBody(t.body);
    if (title === '')
      throw new AppError('CONTENT_EMPTY_AFTER_CLEANING', {}, { field: `texts.${i}.title` });
    if (summaryOf(body) === '' && !body.includes('<img'))
      throw new AppError('CONTENT_EMPTY_AFTER_CLEANING', {}, { field: `texts.${i}.body` });
    return { locale: t.locale, title, body };
  });
}

/** Announcements (issue #17): staff's editor and what users read, with read state per user. */
export function createNotices(deps: { db: Db; audit: AuditService; now: () => Date }) {
  const { db, audit, now } = deps;
  const repo = (tx: Db = db) => createNoticesRepository(tx);
  const load = async (tx: Db, id: bigint): Promise<AdminNotice> => {
    const n = await repo(tx).find(id);
    if (!n) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
    return adminView(n);
  };

  return {
    list: async () => ({ items: (await repo().all()).map(adminView) }),

    async create(who: AuditActor, change: NoticeChange): Promise<AdminNotice> {
      const texts = cleanTexts(change);
      return db.transaction(async (tx) => {
        const at = now();
        const id = await repo(tx).insert({
          pinned: change.pinned,
          popup: change.popup,
          publishedAt: change.published ? at : null,
          createdAt: at,
          updatedAt: at,
        });
        await repo(tx).setTexts(id, texts);
        const after = await load(tx, id);
        await audit.record(tx, who, {
          action: 'content.notice_created',
          subject: `notice:${id}`,
          after,
        });
        return after;
      });
    },

    async update(who: AuditActor, id: bigint, change: NoticeChange): Promise<AdminNotice> {
      const texts = cleanTexts(change);
      return db.transaction(async (tx) => {
        const row = await repo(tx).lock(id);
        if (!row) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
        const before = await load(tx, id);
        const at = now();
        await repo(tx).update(id, {
          pinned: change.pinned,
          popup: change.popup,
          // Publishing keeps the first publication's time; unpublishing makes it a draft again.
          publishedAt: change.published ? (row.publishedAt ?? at) : null,
          updatedAt: at,
        });
        await repo(tx).setTexts(id, texts);
        const after = await load(tx, id);
        await audit.record(tx, who, {
          action: 'content.notice_changed',
          subject: `notice:${id}`,
          before,
          after,
        });
        return after;
      });
    },

    async remove(who: AuditActor, id: bigint): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        if (!(await repo(tx).lock(id))) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
        const before = await load(tx, id);
        await repo(tx).remove(id);
        await audit.record(tx, who, {
          action: 'content.notice_deleted',
          subject: `notice:${id}`,
          before,
        });
        return { id: id.toString() };
      });
    },

    /** common/noticeView: 6500 without an id, 6501 for one that is not published. */
    async view(locale: LocaleKey, rawId: string | undefined): Promise<Notice> {
      if (rawId === undefined || rawId.trim() === '') throw new AppError('NOTICE_ID_MISSING');
      const id = idOf(rawId.trim());
      const row = id === undefined ? undefined : await repo().findLive(id, now());
      if (!row) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
      return full(row, locale);
    },

    /** The latest published notices, pinned first. */
    latest: async (locale: LocaleKey, limit = HOME_NOTICES): Promise<NoticeSummary[]> =>
      (await repo().latest(now(), limit)).map((n) => summary(n, locale)),

    /** user/notices: the list with this user's read state and unread count. */
    async forUser(userId: bigint, locale: LocaleKey): Promise<UserNoticeList> {
      const at = now();
      const rows = await repo().latest(at, LIST_SIZE);
      const read = await repo().readOf(
        userId,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((r) => ({ ...summary(r, locale), read: read.has(r.id) })),
        unread: await repo().unreadCount(userId, at),
      };
    },

    /** user/noticePopups: pop-up notices this user has not seen on any device. */
    popups: async (userId: bigint, locale: LocaleKey) => ({
      items: (await repo().unseenPopups(userId, now(), POPUPS_AT_ONCE)).map((n) => full(n, locale)),
    }),

    /** user/noticeRead: marks published notices read (seen); the unread count after. */
    async markRead(userId: bigint, ids: string[]): Promise<{ unread: number }> {
      const at = now();
      const valid = ids.map(idOf).filter((id): id is bigint => id !== undefined);
      await repo().markRead(userId, [...new Set(valid)], at);
      return { unread: await repo().unreadCount(userId, at) };
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;

import {
  NOTIFICATION_RETENTION_DAYS,
  type LocaleKey,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPush,
  type NotificationRead,
  type NotificationReadResult,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import type { Bus } from '../realtime/bus.js';
import type { NotificationEvent, WrittenNotification } from './events.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { renderNotification } from './render.js';

export type { NotificationEvent, WrittenNotification } from './events.js';

const DAY_MS = 86_400_000;
export const NOTIFICATION_RETENTION_MS = NOTIFICATION_RETENTION_DAYS * DAY_MS;
/** Rows one statement marks read ("mark all") or deletes (retention): bounded, then repeated. */
export const NOTIFICATION_BATCH = 5_000;
/** Retention batches per run: up to 100,000 rows an hour; the next run takes the rest. */
export const RETENTION_BATCHES_PER_RUN = 20;

export interface NotificationsDeps {
  db: Db;
  /** Pushes the unread count after a commit; none in tools without sockets (benchmarks). */
  bus?: Bus | undefined;
  now?: () => Date;
  /** A push that could not be made after its commit (the commit stands; the badge catches up). */
  onPushError?: (error: unknown) => void;
}

/**
 * The in-app inbox (issue #17 item 4, docs/content.md "Notifications"). Other modules write their
 * events through `record`, inside the transaction of the event — as they post to the ledger — and
 * call `announce` with what it wrote once that transaction has committed. The table is this
 * module's alone.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { db, bus } = deps;
  const now = deps.now ?? (() => new Date());
  const onPushError =
    deps.onPushError ??
    ((error: unknown) => {
      console.error(`notifications: push after commit failed: ${String(error)}`);
    });
  const repo = (tx: Db = db) => createNotificationsRepository(tx);

  function publish(userId: bigint, push: NotificationPush): void {
    bus?.publish(`user.${userId}.inbox`, push);
  }

  /** The user's new count on `inbox`, for their other devices too; never fails the caller. */
  async function pushCount(userId: bigint): Promise<void> {
    if (!bus) return;
    try {
      publish(userId, { unread: await repo().unread(userId) });
    } catch (error) {
      onPushError(error);
    }
  }

  return {
    /**
     * Writes `events` in the caller's transaction `tx`, in one statement however many there are;
     * returns those written now (an event written before — a retry, a replay — is not).
     */
    record: (tx: Db, events: readonly NotificationEvent[]): Promise<WrittenNotification[]> =>
      repo(tx).insertMany(events, now()),

    /**
     * After the commit that wrote `written`: each user's new unread count and newest item on their
     * `inbox` channel, the counts read in one statement. A failure is reported, never thrown: the
     * event itself has committed, and the badge reads the count again on its next fetch.
     */
    async announce(written: readonly WrittenNotification[]): Promise<void> {
      if (!bus || written.length === 0) return;
      const newest = new Map<bigint, WrittenNotification>();
      for (const w of written) {
        const seen = newest.get(w.userId);
        if (!seen || seen.id < w.id) newest.set(w.userId, w);
      }
      try {
        const counts = await repo().unreadOf([...newest.keys()]);
        for (const [userId, item] of newest)
          publish(userId, {
            unread: counts.get(userId) ?? 0,
            item: {
              id: item.id.toString(),
              kind: item.kind,
              subjectId: item.subjectId.toString(),
              createdAt: item.createdAt.toISOString(),
            },
          });
      } catch (error) {
        onPushError(error);
      }
    },

    /** user/notifications: a page, newest first, written in `locale`, with the unread count. */
    async list(
      userId: bigint,
      q: NotificationListQuery,
      locale: LocaleKey,
    ): Promise<NotificationList> {
      const cursor = q.cursor === undefined ? undefined : BigInt(q.cursor);
      const [rows, unread] = await Promise.all([
        repo().page(userId, cursor, q.limit + 1),
        repo().unread(userId),
      ]);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => renderNotification(r, locale)),
        nextCursor: rows.length > q.limit && last ? last.id.toString() : null,
        unread,
      };
    },

    /** user/notificationUnread: the badge's number. */
    unread: async (userId: bigint): Promise<{ unread: number }> => ({
      unread: await repo().unread(userId),
    }),

    /**
     * user/notificationRead: the caller's own of `ids` (others' are ignored), or all of theirs up
     * to `upTo`, marked read; the count goes to their other devices too.
     */
    async markRead(userId: bigint, req: NotificationRead): Promise<NotificationReadResult> {
      const at = now();
      let marked = 0;
      if (req.ids === 'all') {
        const upTo = req.upTo === undefined ? undefined : BigInt(req.upTo);
        // Bounded statements; retention bounds how many there can be (90 days of a user's).
        for (;;) {
          const n = await repo().markAllRead(userId, upTo, at, NOTIFICATION_BATCH);
          marked += n;
          if (n < NOTIFICATION_BATCH) break;
        }
      } else {
        const ids = [...new Set(req.ids.split(',').map((id) => BigInt(id)))];
        marked = await repo().markRead(userId, ids, at);
      }
      const unread = await repo().unread(userId);
      if (marked > 0) await pushCount(userId);
      return { marked, unread };
    },

    /**
     * The retention job's work: notifications older than 90 days deleted, a bounded batch per
     * statement and a bounded number of batches per run. Returns how many.
     */
    async prune(opts: { batch?: number; batches?: number } = {}): Promise<number> {
      const { batch = NOTIFICATION_BATCH, batches = RETENTION_BATCHES_PER_RUN } = opts;
      const cutoff = new Date(now().getTime() - NOTIFICATION_RETENTION_MS);
      let deleted = 0;
      for (let i = 0; i < batches; i++) {
        const n = await repo().deleteOlderThan(cutoff, batch);
        deleted += n;
        if (n < batch) break;
      }
      return deleted;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

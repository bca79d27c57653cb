// The inbox's SQL: writing a batch of events in one statement, reading and marking a user's
// rows, counting unread ones (bounded), deleting old ones (bounded).
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_UNREAD_MAX,
  type NotificationKind,
} from '@ampere/contract';
import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { pgArray, queryRows, type Db } from '../../db/client.js';
import type { NotificationEvent, WrittenNotification } from './events.js';
import { notification } from './notifications.schema.js';

export type NotificationRow = typeof notification.$inferSelect;

type Int8 = string | number;

const isKind = (k: string): k is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(k);

function kindOf(k: string): NotificationKind {
  if (!isKind(k)) throw new Error(`notification kind ${k} is not one we write`);
  return k;
}

export function createNotificationsRepository(db: Db) {
  /** Unread rows of the user, counted up to NOTIFICATION_UNREAD_MAX (the partial index only). */
  const cappedUnread = (userId: bigint | SQL) =>
    sql`(select count(*) from (select 1 from notification n
                                 where n.user_id = ${userId} and n.read_at is null
                                 limit ${NOTIFICATION_UNREAD_MAX}) c)`;

  return {
    /**
     * Writes `events` in one statement (thousands a batch: one parameter per column). An event
     * already written — a retry, a replay, a second pass — is skipped by the unique key; only the
     * rows written now come back. Call inside the event's transaction.
     */
    async insertMany(
      events: readonly NotificationEvent[],
      at: Date,
    ): Promise<WrittenNotification[]> {
      if (events.length === 0) return [];
      const col = (f: (e: NotificationEvent) => string | bigint) => pgArray(events.map(f));
      const rows = await queryRows<{
        id: Int8;
        user_id: Int8;
        kind: string;
        subject_id: Int8;
      }>(
        db,
        sql`insert into notification (user_id, kind, subject_id, params, created_at)
            select v.user_id, v.kind, v.subject_id, v.params, ${at.toISOString()}::timestamptz
              from unnest(${col((e) => e.userId)}::bigint[], ${col((e) => e.kind)}::text[],
                          ${col((e) => e.subjectId)}::bigint[],
                          ${col((e) => JSON.stringify(e.params))}::jsonb[])
                   as v(user_id, kind, subject_id, params)
            on conflict (user_id, kind, subject_id) do nothing
         returning id, user_id, kind, subject_id`,
      );
      return rows.map((r) => ({
        id: BigInt(r.id),
        userId: BigInt(r.user_id),
        kind: kindOf(r.kind),
        subjectId: BigInt(r.subject_id),
        createdAt: at,
      }));
    },

    /** A page of the user's inbox, newest first, older than `before` when given. */
    async page(
      userId: bigint,
      before: bigint | undefined,
      limit: number,
    ): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notification)
        .where(
          and(
            eq(notification.userId, userId),
            before === undefined ? undefined : lt(notification.id, before),
          ),
        )
        .orderBy(desc(notification.id))
        .limit(limit);
    },

    /** The user's unread count, up to NOTIFICATION_UNREAD_MAX. */
    async unread(userId: bigint): Promise<number> {
      const [row] = await queryRows<{ n: Int8 }>(db, sql`select ${cappedUnread(userId)} as n`);
      return Number(row?.n ?? 0);
    },

    /** The unread count of each of `userIds` (one statement), up to NOTIFICATION_UNREAD_MAX. */
    async unreadOf(userIds: readonly bigint[]): Promise<Map<bigint, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await queryRows<{ user_id: Int8; n: Int8 }>(
        db,
        sql`select u.user_id, ${cappedUnread(sql`u.user_id`)} as n
              from unnest(${pgArray(userIds)}::bigint[]) as u(user_id)`,
      );
      return new Map(rows.map((r) => [BigInt(r.user_id), Number(r.n)]));
    },

    /** Marks the user's own unread ones of `ids` read; another user's ids change nothing. */
    async markRead(userId: bigint, ids: readonly bigint[], at: Date): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(notification)
        .set({ readAt: at })
        .where(
          and(
            eq(notification.userId, userId),
            inArray(notification.id, [...ids]),
            isNull(notification.readAt),
          ),
        )
        .returning({ id: notification.id });
      return rows.length;
    },

    /**
     * Marks up to `limit` of the user's unread ones (up to id `upTo` when given) read; returns
     * how many. The service repeats it until none is left, so one statement stays bounded.
     */
    async markAllRead(
      userId: bigint,
      upTo: bigint | undefined,
      at: Date,
      limit: number,
    ): Promise<number> {
      const rows = await queryRows<{ id: Int8 }>(
        db,
        sql`update notification n set read_at = ${at.toISOString()}::timestamptz
              from (select id from notification
                     where user_id = ${userId} and read_at is null
                       ${upTo === undefined ? sql`` : sql`and id <= ${upTo}`}
                     order by id limit ${limit}) v
             where n.user_id = ${userId} and n.id = v.id
         returning n.id`,
      );
      return rows.length;
    },

    /** Deletes up to `limit` notifications written before `cutoff`; returns how many. */
    async deleteOlderThan(cutoff: Date, limit: number): Promise<number> {
      const rows = await queryRows<{ id: Int8 }>(
        db,
        sql`delete from notification n
             using (select user_id, id from notification
                     where created_at < ${cutoff.toISOString()}::timestamptz
                     limit ${limit}) old
             where n.user_id = old.user_id and n.id = old.id
         returning n.id`,
      );
      return rows.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

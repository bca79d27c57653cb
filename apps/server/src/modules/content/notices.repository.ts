import { and, desc, eq, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notice, noticeRead, noticeText } from './content.schema.js';

export type NoticeRow = typeof notice.$inferSelect;
export type NoticeTextRow = typeof noticeText.$inferSelect;
export interface NoticeWithTexts extends NoticeRow {
  texts: NoticeTextRow[];
}

/** Published at or before `at`: what users see. */
const live = (at: Date) => and(isNotNull(notice.publishedAt), lte(notice.publishedAt, at));

/** Announcements, their texts and who read them (this module's own tables). */
export function createNoticesRepository(db: Db) {
  async function withTexts(rows: NoticeRow[]): Promise<NoticeWithTexts[]> {
    if (rows.length === 0) return [];
    const texts = await db
      .select()
      .from(noticeText)
      .where(
        inArray(
          noticeText.noticeId,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((r) => ({ ...r, texts: texts.filter((t) => t.noticeId === r.id) }));
  }

  return {
    /** Every notice for staff, newest first. */
    async all(): Promise<NoticeWithTexts[]> {
      return withTexts(await db.select().from(notice).orderBy(desc(notice.createdAt)).limit(500));
    },

    async find(id: bigint): Promise<NoticeWithTexts | undefined> {
      const rows = await db.select().from(notice).where(eq(notice.id, id));
      return (await withTexts(rows))[0];
    },

    /** A published notice users may read. */
    async findLive(id: bigint, at: Date): Promise<NoticeWithTexts | undefined> {
      const rows = await db
        .select()
        .from(notice)
        .where(and(eq(notice.id, id), live(at)));
      return (await withTexts(rows))[0];
    },

    /** Published notices, pinned first then newest. */
    async latest(at: Date, limit: number): Promise<NoticeWithTexts[]> {
      const rows = await db
        .select()
        .from(notice)
        .where(live(at))
        .orderBy(desc(notice.pinned), desc(notice.publishedAt), desc(notice.id))
        .limit(limit);
      return withTexts(rows);
    },

    /** Published pop-up notices the user has not seen, newest first. */
    async unseenPopups(userId: bigint, at: Date, limit: number): Promise<NoticeWithTexts[]> {
      const rows = await db
        .select()
        .from(notice)
        .where(
          and(
            live(at),
            eq(notice.popup, true),
            notExists(
              db
                .select({ one: sql`1` })
                .from(noticeRead)
                .where(and(eq(noticeRead.userId, userId), eq(noticeRead.noticeId, notice.id))),
            ),
          ),
        )
        .orderBy(desc(notice.publishedAt), desc(notice.id))
        .limit(limit);
      return withTexts(rows);
    },

    /** Of `ids`, those the user has read. */
    async readOf(userId: bigint, ids: bigint[]): Promise<Set<bigint>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: noticeRead.noticeId })
        .from(noticeRead)
        .where(and(eq(noticeRead.userId, userId), inArray(noticeRead.noticeId, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** Published notices the user has not read. */
    async unreadCount(userId: bigint, at: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<string>`count(*)` })
        .from(notice)
        .where(
          and(
            live(at),
            notExists(
              db
                .select({ one: sql`1` })
                .from(noticeRead)
                .where(and(eq(noticeRead.userId, userId), eq(noticeRead.noticeId, notice.id))),
            ),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Marks the published ones of `ids` read; reading twice keeps the first time. */
    async markRead(userId: bigint, ids: bigint[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      const liveIds = await db
        .select({ id: notice.id })
        .from(notice)
        .where(and(inArray(notice.id, ids), live(at)));
      if (liveIds.length === 0) return;
      await db
        .insert(noticeRead)
        .values(liveIds.map((r) => ({ userId, noticeId: r.id, readAt: at })))
        .onConflictDoNothing();
    },

    async insert(values: Omit<NoticeRow, 'id'>): Promise<bigint> {
      const [row] = await db.insert(notice).values(values).returning({ id: notice.id });
      if (!row) throw new Error('notice insert returned no row');
      return row.id;
    },

    async update(id: bigint, values: Partial<Omit<NoticeRow, 'id' | 'createdAt'>>) {
      await db.update(notice).set(values).where(eq(notice.id, id));
    },

    /** Replaces the notice's texts. */
    async setTexts(id: bigint, texts: Omit<NoticeTextRow, 'noticeId'>[]): Promise<void> {
      await db.delete(noticeText).where(eq(noticeText.noticeId, id));
      if (texts.length > 0)
        await db.insert(noticeText).values(texts.map((t) => ({ ...t, noticeId: id })));
    },

    async lock(id: bigint): Promise<NoticeRow | undefined> {
      const [row] = await db.select().from(notice).where(eq(notice.id, id)).for('update');
      return row;
    },

    async remove(id: bigint): Promise<void> {
      await db.delete(notice).where(eq(notice.id, id));
    },
  };
}

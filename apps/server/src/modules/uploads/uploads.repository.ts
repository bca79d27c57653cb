import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCK_KEYS } from '../../db/lock-keys.js';
import { upload } from './uploads.schema.js';

export type UploadRow = typeof upload.$inferSelect;
export type NewUpload = Omit<typeof upload.$inferInsert, 'attachedTo' | 'deletedAt'>;

/** The uploads table (this module's own). */
export function createUploadsRepository(db: Db) {
  return {
    /**
     * Serializes one user's uploads for the rest of the transaction, so two at once cannot both
     * pass the hourly count and the quota.
     */
    async lockUser(userId: bigint): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(${LOCK_KEYS.uploadsPerUser}, (${userId} % 2147483647)::int)`,
      );
    },

    /** Uploads since `since` (deleted ones too) and the bytes of those still stored. */
    async usage(userId: bigint, since: Date): Promise<{ recent: number; storedBytes: number }> {
      const [row] = await db
        .select({
          recent: sql<string>`count(*) filter (where ${upload.createdAt} > ${since})`,
          storedBytes: sql<string>`coalesce(sum(${upload.bytes}) filter (where ${upload.deletedAt} is null), 0)`,
        })
        .from(upload)
        .where(eq(upload.userId, userId));
      return { recent: Number(row?.recent ?? 0), storedBytes: Number(row?.storedBytes ?? 0) };
    },

    async insert(values: NewUpload): Promise<UploadRow> {
      const [row] = await db.insert(upload).values(values).returning();
      if (!row) throw new Error('upload insert returned no row');
      return row;
    },

    /** A stored (not deleted) upload; locked for the transaction when `forUpdate`. */
    async find(id: string, forUpdate = false): Promise<UploadRow | undefined> {
      const query = db
        .select()
        .from(upload)
        .where(and(eq(upload.id, id), isNull(upload.deletedAt)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async markDeleted(id: string, at: Date): Promise<void> {
      await db.update(upload).set({ deletedAt: at }).where(eq(upload.id, id));
    },

    /** Marks uploads as part of a submission (`attachedTo`); they are kept from then on. */
    async attach(ids: readonly string[], to: string): Promise<void> {
      if (ids.length === 0) return;
      await db.update(upload).set({ attachedTo: to }).where(inArray(upload.id, ids));
    },

    /** Unattached uploads made before `before` and still stored, oldest first. */
    async stale(before: Date, limit: number): Promise<UploadRow[]> {
      return db
        .select()
        .from(upload)
        .where(
          and(
            isNull(upload.attachedTo),
            isNull(upload.deletedAt),
            sql`${upload.createdAt} < ${before}`,
          ),
        )
        .orderBy(upload.createdAt)
        .limit(limit);
    },
  };
}

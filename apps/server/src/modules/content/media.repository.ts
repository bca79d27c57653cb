import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { banner, contentImage, customerService } from './content.schema.js';

export type ContentImageRow = typeof contentImage.$inferSelect;
export type BannerRow = typeof banner.$inferSelect;
export type CustomerServiceRow = typeof customerService.$inferSelect;

/** Public images, banners and customer service (this module's own tables). */
export function createMediaRepository(db: Db) {
  return {
    async insertImage(values: ContentImageRow): Promise<void> {
      await db.insert(contentImage).values(values);
    },

    /** The bytes of a public image. */
    async imageData(id: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ data: contentImage.data })
        .from(contentImage)
        .where(eq(contentImage.id, id));
      return row?.data;
    },

    /** Of `ids`, those stored for `purpose`. */
    async imagesOf(ids: string[], purpose: string): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: contentImage.id })
        .from(contentImage)
        .where(and(inArray(contentImage.id, ids), eq(contentImage.purpose, purpose)));
      return new Set(rows.map((r) => r.id));
    },

    async banners(): Promise<BannerRow[]> {
      return db.select().from(banner).orderBy(asc(banner.sortOrder), desc(banner.id)).limit(200);
    },

    /** Enabled banners whose window holds `at`, in order. */
    async liveBanners(at: Date, limit: number): Promise<BannerRow[]> {
      return db
        .select()
        .from(banner)
        .where(
          and(
            eq(banner.enabled, true),
            or(isNull(banner.startsAt), lte(banner.startsAt, at)),
            or(isNull(banner.endsAt), gt(banner.endsAt, at)),
          ),
        )
        .orderBy(asc(banner.sortOrder), desc(banner.id))
        .limit(limit);
    },

    async lockBanner(id: bigint): Promise<BannerRow | undefined> {
      const [row] = await db.select().from(banner).where(eq(banner.id, id)).for('update');
      return row;
    },

    async insertBanner(values: Omit<BannerRow, 'id'>): Promise<BannerRow> {
      const [row] = await db.insert(banner).values(values).returning();
      if (!row) throw new Error('banner insert returned no row');
      return row;
    },

    async updateBanner(id: bigint, values: Omit<BannerRow, 'id'>): Promise<BannerRow> {
      const [row] = await db.update(banner).set(values).where(eq(banner.id, id)).returning();
      if (!row) throw new Error('banner update returned no row');
      return row;
    },

    async removeBanner(id: bigint): Promise<void> {
      await db.delete(banner).where(eq(banner.id, id));
    },

    async services(): Promise<CustomerServiceRow[]> {
      return db.select().from(customerService).orderBy(asc(customerService.locale));
    },

    /** Locks the whole set for a replacement (the table is tiny). */
    async lockServices(): Promise<CustomerServiceRow[]> {
      return db.select().from(customerService).for('update');
    },

    async replaceServices(rows: CustomerServiceRow[]): Promise<void> {
      await db.delete(customerService);
      if (rows.length > 0) await db.insert(customerService).values(rows);
    },
  };
}

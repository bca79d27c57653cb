import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contentDocument } from '../../db/schema.js';

export interface DocumentRow {
  slug: string;
  locale: string;
  title: string;
  body: string;
  updatedAt: Date;
}

export function createContentRepository(db: Db) {
  return {
    /** The document in each of the given locales that exists. */
    async findInLocales(slug: string, locales: string[]): Promise<DocumentRow[]> {
      return db
        .select()
        .from(contentDocument)
        .where(and(eq(contentDocument.slug, slug), inArray(contentDocument.locale, locales)));
    },

    /** Inserts documents that are not there yet; an operator's edits are never overwritten. */
    async insertMissing(rows: DocumentRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(contentDocument).values(rows).onConflictDoNothing();
    },

    /** Dates each row whose text is exactly the shipped one with the shipped version's date. */
    async dateShippedTexts(rows: DocumentRow[]): Promise<void> {
      for (const r of rows) {
        await db
          .update(contentDocument)
          .set({ updatedAt: r.updatedAt })
          .where(
            and(
              eq(contentDocument.slug, r.slug),
              eq(contentDocument.locale, r.locale),
              eq(contentDocument.title, r.title),
              eq(contentDocument.body, r.body),
              ne(contentDocument.updatedAt, r.updatedAt),
            ),
          );
      }
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;

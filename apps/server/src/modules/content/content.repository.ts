import { and, eq, inArray } from 'drizzle-orm';
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
    async insertMissing(rows: Omit<DocumentRow, 'updatedAt'>[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(contentDocument).values(rows).onConflictDoNothing();
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;

import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agreementAcceptance, agreementText, agreementVersion } from './content.schema.js';

export type VersionRow = typeof agreementVersion.$inferSelect;
export type AgreementTextRow = typeof agreementText.$inferSelect;
export type AcceptanceRow = typeof agreementAcceptance.$inferSelect;

/** The user service agreement's versions, texts and acceptances (this module's own tables). */
export function createAgreementsRepository(db: Db) {
  return {
    /** The version in force at `at`: the highest whose effective time has come. */
    async current(at: Date): Promise<VersionRow | undefined> {
      const [row] = await db
        .select()
        .from(agreementVersion)
        .where(lte(agreementVersion.effectiveAt, at))
        .orderBy(desc(agreementVersion.version))
        .limit(1);
      return row;
    },

    /** The newest version, in force or scheduled. */
    async latest(): Promise<VersionRow | undefined> {
      const [row] = await db
        .select()
        .from(agreementVersion)
        .orderBy(desc(agreementVersion.version))
        .limit(1);
      return row;
    },

    /** Versions newest first. */
    list: (limit: number): Promise<VersionRow[]> =>
      db.select().from(agreementVersion).orderBy(desc(agreementVersion.version)).limit(limit),

    /** The texts of `versions` (in `locales` only, when given). */
    texts: (versions: number[], locales?: string[]): Promise<AgreementTextRow[]> =>
      versions.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(agreementText)
            .where(
              and(
                inArray(agreementText.version, versions),
                locales ? inArray(agreementText.locale, locales) : undefined,
              ),
            ),

    /** How many users accepted each of `versions`. */
    async acceptanceCounts(versions: number[]): Promise<Map<number, number>> {
      if (versions.length === 0) return new Map();
      const rows = await db
        .select({ version: agreementAcceptance.version, n: count() })
        .from(agreementAcceptance)
        .where(inArray(agreementAcceptance.version, versions))
        .groupBy(agreementAcceptance.version);
      return new Map(rows.map((r) => [r.version, r.n]));
    },

    /**
     * Orders publishers: the next version number and the effective-time rule read the latest
     * version, so two publishing at once must not both read it. Readers are not held up.
     */
    async lockForPublishing(): Promise<void> {
      await db.execute(sql`lock table agreement_version in share row exclusive mode`);
    },

    async insertVersion(row: VersionRow): Promise<void> {
      await db.insert(agreementVersion).values(row).onConflictDoNothing();
    },

    /** Texts not there yet; one already written is never replaced (the table is append-only). */
    async insertTexts(rows: AgreementTextRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(agreementText).values(rows).onConflictDoNothing();
    },

    async acceptance(userId: bigint, version: number): Promise<AcceptanceRow | undefined> {
      const [row] = await db
        .select()
        .from(agreementAcceptance)
        .where(
          and(eq(agreementAcceptance.userId, userId), eq(agreementAcceptance.version, version)),
        );
      return row;
    },

    /** Records an acceptance; one already recorded for the pair is kept as it was. */
    async accept(row: AcceptanceRow): Promise<void> {
      await db.insert(agreementAcceptance).values(row).onConflictDoNothing();
    },
  };
}

export type AgreementsRepository = ReturnType<typeof createAgreementsRepository>;

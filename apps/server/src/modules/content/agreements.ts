import { createHash } from 'node:crypto';
import {
  FALLBACK_LOCALE,
  LOCALE_KEYS,
  type Agreement,
  type AgreementAccepted,
  type AgreementPending,
  type LocaleKey,
} from '@ampere/contract';
import {
  CONTENT_LIMITS,
  type AdminAgreementList,
  type AdminAgreementVersion,
  type AgreementVersionChange,
} from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { SERVER_MESSAGES } from '../../i18n/index.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import {
  createAgreementsRepository,
  type AgreementTextRow,
  type VersionRow,
} from './agreements.repository.js';
import { cleanBody, cleanText, paragraphsHtml, summaryOf } from './sanitize.js';

/**
 * The date the shipped agreement (version 1) took effect. Change it together with the text
 * (server locales, `agreement.*`) only for a fresh install: a running one gets a new text as a
 * new version from the back office.
 */
export const AGREEMENT_VERSION_DATE = new Date('2026-11-21T00:00:00Z');
/** Versions the back office lists, newest first, with their texts. */
const LIST_SIZE = 50;
/**
 * An effective time this far in the past is taken as "now" (the editor's clock and the
 * server's differ, and a time picked as "now" is a little past when it arrives); earlier ones
 * are refused.
 */
const EFFECTIVE_SLACK_MS = 5 * 60_000;

/** Where an acceptance came from, for the record. */
export interface AcceptanceContext {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const localeOrder = (l: string) => LOCALE_KEYS.indexOf(l as LocaleKey);

/** The text in `locale`, else English, else the first language written. */
function textIn(rows: AgreementTextRow[], locale: LocaleKey): AgreementTextRow | undefined {
  const by = (l: string) => rows.find((r) => r.locale === l);
  return (
    by(locale) ??
    by(FALLBACK_LOCALE) ??
    [...rows].sort((a, b) => localeOrder(a.locale) - localeOrder(b.locale))[0]
  );
}

/** A stored text as readers get it: rich text, cleaned again with today's allow-list. */
const bodyOf = (row: AgreementTextRow) =>
  cleanBody(row.format === 'text' ? paragraphsHtml(row.body) : row.body);

function agreementOf(version: VersionRow, row: AgreementTextRow): Agreement {
  return {
    title: row.title,
    body: bodyOf(row),
    locale: row.locale as LocaleKey,
    updatedAt: version.effectiveAt.toISOString(),
    version: version.version,
  };
}

/** Staff's texts, sanitized as announcements are; a field left empty is refused (7402). */
function cleanTexts(change: AgreementVersionChange) {
  if (!change.texts.some((t) => t.locale === FALLBACK_LOCALE))
    throw new AppError('AGREEMENT_ENGLISH_REQUIRED');
  return change.texts.map((t, i) => {
    const title = cleanText(t.title).slice(0, CONTENT_LIMITS.title).trim();
    const body = cleanBody(t.body);
    if (title === '')
      throw new AppError('CONTENT_EMPTY_AFTER_CLEANING', {}, { field: `texts.${i}.title` });
    if (summaryOf(body) === '')
      throw new AppError('CONTENT_EMPTY_AFTER_CLEANING', {}, { field: `texts.${i}.body` });
    return { locale: t.locale, title, body };
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The user service agreement, versioned (docs/content.md, Agreement versions): the version in
 * force for readers; whether a user has accepted it, and their acceptance; staff publishing the
 * next version. Version 1 is the shipped text, seeded at start.
 */
export function createAgreements(deps: { db: Db; audit: AuditService; now: () => Date }) {
  const { db, audit, now } = deps;
  const repo = (tx: Db = db) => createAgreementsRepository(tx);

  /** The version in force now; the seed writes version 1 at every start, so there is one. */
  async function current(): Promise<VersionRow> {
    const version = await repo().current(now());
    if (!version) throw new Error('no user service agreement in force: the seed did not run');
    return version;
  }

  async function agreementIn(version: VersionRow, locale: LocaleKey): Promise<Agreement> {
    const rows = await repo().texts([version.version], [locale, FALLBACK_LOCALE]);
    const row = textIn(rows, locale) ?? textIn(await repo().texts([version.version]), locale);
    if (!row) throw new Error(`agreement version ${version.version} has no text`);
    return agreementOf(version, row);
  }

  function adminView(
    version: VersionRow,
    texts: AgreementTextRow[],
    inForce: number | undefined,
    acceptances: number,
  ): AdminAgreementVersion {
    const state =
      version.version === inForce
        ? 'current'
        : inForce === undefined || version.version > inForce
          ? 'scheduled'
          : 'superseded';
    return {
      version: version.version,
      effectiveAt: version.effectiveAt.toISOString(),
      createdAt: version.createdAt.toISOString(),
      createdBy: version.createdBy,
      state,
      acceptances,
      texts: texts
        .filter((t) => t.version === version.version)
        .sort((a, b) => localeOrder(a.locale) - localeOrder(b.locale))
        .map((t) => ({ locale: t.locale as LocaleKey, title: t.title, body: bodyOf(t) })),
    };
  }

  return {
    /** common/userServiceAgreement: the version in force, in `locale` or English. */
    agreement: async (locale: LocaleKey): Promise<Agreement> =>
      agreementIn(await current(), locale),

    /** user/agreementPending: the version in force when this user has not accepted it. */
    async pending(userId: bigint, locale: LocaleKey): Promise<AgreementPending> {
      const version = await current();
      if (await repo().acceptance(userId, version.version)) return { agreement: null };
      return { agreement: await agreementIn(version, locale) };
    },

    /**
     * user/agreementAccept: records that the user accepted `version`, which must be the one in
     * force (6530 otherwise: they read an older text). Accepting again changes nothing.
     */
    async accept(
      userId: bigint,
      version: number,
      ctx: AcceptanceContext,
    ): Promise<AgreementAccepted> {
      const inForce = await current();
      if (inForce.version !== version)
        throw new AppError('AGREEMENT_VERSION_OUTDATED', {}, { version: inForce.version });
      await repo().accept({
        userId,
        version,
        acceptedAt: now(),
        ip: ctx.ip ?? null,
        userAgent: ctx.userAgent?.slice(0, 512) ?? null,
        via: 'prompt',
      });
      const row = await repo().acceptance(userId, version);
      if (!row) throw new Error('acceptance vanished after it was written');
      return { version, acceptedAt: row.acceptedAt.toISOString() };
    },

    /** Signing up accepts the version in force, in the registration's own transaction. */
    async acceptAtRegistration(tx: Db, userId: bigint, ctx: AcceptanceContext): Promise<void> {
      const at = now();
      const version = await repo(tx).current(at);
      if (!version) return;
      await repo(tx).accept({
        userId,
        version: version.version,
        acceptedAt: at,
        ip: ctx.ip ?? null,
        userAgent: ctx.userAgent?.slice(0, 512) ?? null,
        via: 'registration',
      });
    },

    /** The back office's list: the latest versions, newest first, with texts and acceptances. */
    async list(): Promise<AdminAgreementList> {
      const versions = await repo().list(LIST_SIZE);
      const numbers = versions.map((v) => v.version);
      const [texts, counts, inForce] = await Promise.all([
        repo().texts(numbers),
        repo().acceptanceCounts(numbers),
        repo().current(now()),
      ]);
      return {
        items: versions.map((v) =>
          adminView(v, texts, inForce?.version, counts.get(v.version) ?? 0),
        ),
      };
    },

    /**
     * Publishes the next version: texts sanitized like announcements, English required, in
     * force at `effectiveAt` (now when null; never before now nor before the latest version).
     * One audit row names the version, its time and a digest of every text; the texts
     * themselves are in the append-only table.
     */
    async publish(who: AuditActor, change: AgreementVersionChange): Promise<AdminAgreementVersion> {
      const texts = cleanTexts(change);
      return db.transaction(async (tx) => {
        await repo(tx).lockForPublishing();
        const at = now();
        const asked = change.effectiveAt === null ? at : new Date(change.effectiveAt);
        if (asked.getTime() < at.getTime() - EFFECTIVE_SLACK_MS)
          throw new AppError('AGREEMENT_EFFECTIVE_INVALID');
        const effectiveAt = asked < at ? at : asked;
        const latest = await repo(tx).latest();
        if (latest && effectiveAt < latest.effectiveAt)
          throw new AppError('AGREEMENT_EFFECTIVE_INVALID');
        const version: VersionRow = {
          version: (latest?.version ?? 0) + 1,
          effectiveAt,
          createdAt: at,
          createdBy: who.actor,
        };
        await repo(tx).insertVersion(version);
        const rows = texts.map((t) => ({ version: version.version, ...t, format: 'html' }));
        await repo(tx).insertTexts(rows);
        await audit.record(tx, who, {
          action: 'content.agreement_published',
          subject: `agreement:${version.version}`,
          after: {
            version: version.version,
            effectiveAt: effectiveAt.toISOString(),
            texts: rows.map((r) => ({
              locale: r.locale,
              title: r.title,
              chars: r.body.length,
              sha256: sha256(r.body),
            })),
          },
        });
        const inForce = await repo(tx).current(at);
        return adminView(version, rows, inForce?.version, 0);
      });
    },
  };
}

export type Agreements = ReturnType<typeof createAgreements>;

/**
 * Version 1, the shipped text in every language, at every start: a missing version or language
 * is written, nothing written is replaced.
 */
export async function seedAgreement(db: Db): Promise<void> {
  const repo = createAgreementsRepository(db);
  await repo.insertVersion({
    version: 1,
    effectiveAt: AGREEMENT_VERSION_DATE,
    createdAt: new Date(),
    createdBy: 'system',
  });
  await repo.insertTexts(
    LOCALE_KEYS.map((locale) => ({
      version: 1,
      locale,
      title: SERVER_MESSAGES[locale].agreement.title,
      body: SERVER_MESSAGES[locale].agreement.body,
      format: 'text',
    })),
  );
}

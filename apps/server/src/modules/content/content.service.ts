import {
  FALLBACK_LOCALE,
  LOCALE_KEYS,
  type Agreement,
  type CommonIndex,
  type LocaleKey,
} from '@ampere/contract';
import { SERVER_MESSAGES } from '../../i18n/index.js';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../audit/audit.service.js';
import { createBanners } from './banners.js';
import type { ContentRepository } from './content.repository.js';
import { createCustomerService } from './customer-service.js';
import { createContentImages } from './images.js';
import { createNotices } from './notices.js';

export const AGREEMENT_SLUG = 'user-service-agreement';
/**
 * The date of the shipped agreement's current version: what "updated" means to a reader. Change
 * it together with the text (server locales, `agreement.*`).
 */
export const AGREEMENT_VERSION_DATE = new Date('2026-11-21T00:00:00Z');

/** The agreement and the shipped documents' seeding. */
export function createDocuments(repo: ContentRepository) {
  return {
    /** The agreement in the caller's language, else English. */
    async agreement(locale: LocaleKey): Promise<Agreement> {
      const rows = await repo.findInLocales(AGREEMENT_SLUG, [locale, FALLBACK_LOCALE]);
      const row =
        rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === FALLBACK_LOCALE);
      if (!row) {
        // Seeding runs at every start, so a missing English agreement is a broken install.
        throw new Error(`content document ${AGREEMENT_SLUG} missing in ${FALLBACK_LOCALE}`);
      }
      return {
        title: row.title,
        body: row.body,
        locale: row.locale as LocaleKey,
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    /** Seeds the shipped texts for every locale; existing (possibly edited) rows are kept. */
    async seedDefaults(): Promise<void> {
      const shipped = LOCALE_KEYS.map((locale) => ({
        slug: AGREEMENT_SLUG,
        locale,
        title: SERVER_MESSAGES[locale].agreement.title,
        body: SERVER_MESSAGES[locale].agreement.body,
        updatedAt: AGREEMENT_VERSION_DATE,
      }));
      await repo.insertMissing(shipped);
      // Installs seeded before the version date was kept carry their first start's time; an
      // unedited shipped text takes its version's date instead.
      await repo.dateShippedTexts(shipped);
    },
  };
}

export interface ContentDeps {
  db: Db;
  repo: ContentRepository;
  audit: AuditService;
  now: () => Date;
  /** The pixel limit of an uploaded image (UPLOAD_MAX_PIXELS). */
  maxPixels: number;
}

/**
 * Localized content (issue #17, docs/content.md): the agreement, announcements, Home's banners,
 * customer service and the public images they show.
 */
export function createContentService(deps: ContentDeps) {
  const { db, audit, now } = deps;
  const images = createContentImages({ db, audit, now, maxPixels: deps.maxPixels });
  const notices = createNotices({ db, audit, now });
  const banners = createBanners({ db, audit, images, now });
  const service = createCustomerService({ db, audit, images, now });
  return {
    ...createDocuments(deps.repo),
    images,
    notices,
    banners,
    customerService: service,

    /** common/index: Home's public part. */
    async home(locale: LocaleKey): Promise<CommonIndex> {
      const [live, latest] = await Promise.all([banners.live(), notices.latest(locale)]);
      return { banners: live, notices: latest };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

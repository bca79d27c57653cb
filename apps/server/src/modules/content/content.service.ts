import type { CommonIndex, LocaleKey } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../audit/audit.service.js';
import { createAgreements } from './agreements.js';
import { createBanners } from './banners.js';
import { createCustomerService } from './customer-service.js';
import { createContentImages } from './images.js';
import { createNotices } from './notices.js';

export interface ContentDeps {
  db: Db;
  audit: AuditService;
  now: () => Date;
  /** The pixel limit of an uploaded image (UPLOAD_MAX_PIXELS). */
  maxPixels: number;
}

/**
 * Localized content (issue #17, docs/content.md): the user agreement and its versions,
 * announcements, Home's banners, customer service and the public images they show.
 */
export function createContentService(deps: ContentDeps) {
  const { db, audit, now } = deps;
  const images = createContentImages({ db, audit, now, maxPixels: deps.maxPixels });
  const notices = createNotices({ db, audit, now });
  const banners = createBanners({ db, audit, images, now });
  const service = createCustomerService({ db, audit, images, now });
  return {
    agreements: createAgreements({ db, audit, now }),
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

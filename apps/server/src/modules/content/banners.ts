import { linkSchema, type Banner, type Link } from '@ampere/contract';
import { CONTENT_LIMITS, type AdminBanner, type BannerChange } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { imageUrl, type ContentImages } from './images.js';
import { createMediaRepository, type BannerRow } from './media.repository.js';
import { cleanText } from './sanitize.js';

/** Banners in Home's swiper at once. */
const HOME_BANNERS = 8;

/** A stored link, checked again on the way out (a rule may have tightened since). */
function linkOf(value: unknown): Link | null {
  const parsed = linkSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function adminView(b: BannerRow): AdminBanner {
  return {
    id: b.id.toString(),
    imageId: b.imageId,
    imageUrl: imageUrl(b.imageId),
    title: b.title,
    link: linkOf(b.link),
    startsAt: b.startsAt?.getTime() ?? null,
    endsAt: b.endsAt?.getTime() ?? null,
    sortOrder: b.sortOrder,
    enabled: b.enabled,
    updatedAt: b.updatedAt.toISOString(),
  };
}

/** Home's banners (issue #17): image, link (SPEC §2 modes), sale window, order. */
export function createBanners(deps: {
  db: Db;
  audit: AuditService;
  images: ContentImages;
  now: () => Date;
}) {
  const { db, audit, images, now } = deps;
  const repo = (tx: Db = db) => createMediaRepository(tx);

  const values = (change: BannerChange) => ({
    imageId: change.imageId,
    title: cleanText(change.title).slice(0, CONTENT_LIMITS.bannerTitle).trim(),
    link: change.link,
    startsAt: change.startsAt === null ? null : new Date(change.startsAt),
    endsAt: change.endsAt === null ? null : new Date(change.endsAt),
    sortOrder: change.sortOrder,
    enabled: change.enabled,
    updatedAt: now(),
  });

  return {
    list: async () => ({ items: (await repo().banners()).map(adminView) }),

    /** Enabled banners in their window now, in order. */
    live: async (): Promise<Banner[]> =>
      (await repo().liveBanners(now(), HOME_BANNERS)).map((b) => ({
        id: b.id.toString(),
        imageUrl: imageUrl(b.imageId),
        title: b.title,
        link: linkOf(b.link),
      })),

    async create(who: AuditActor, change: BannerChange): Promise<AdminBanner> {
      return db.transaction(async (tx) => {
        await images.require(tx, [change.imageId], 'banner');
        const after = adminView(await repo(tx).insertBanner(values(change)));
        await audit.record(tx, who, {
          action: 'content.banner_created',
          subject: `banner:${after.id}`,
          after,
        });
        return after;
      });
    },

    async update(who: AuditActor, id: bigint, change: BannerChange): Promise<AdminBanner> {
      return db.transaction(async (tx) => {
        const row = await repo(tx).lockBanner(id);
        if (!row) throw new AppError('BANNER_NOT_FOUND');
        await images.require(tx, [change.imageId], 'banner');
        const after = adminView(await repo(tx).updateBanner(id, values(change)));
        await audit.record(tx, who, {
          action: 'content.banner_changed',
          subject: `banner:${id}`,
          before: adminView(row),
          after,
        });
        return after;
      });
    },

    async remove(who: AuditActor, id: bigint): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const row = await repo(tx).lockBanner(id);
        if (!row) throw new AppError('BANNER_NOT_FOUND');
        await repo(tx).removeBanner(id);
        await audit.record(tx, who, {
          action: 'content.banner_deleted',
          subject: `banner:${id}`,
          before: adminView(row),
        });
        return { id: id.toString() };
      });
    },
  };
}

export type Banners = ReturnType<typeof createBanners>;

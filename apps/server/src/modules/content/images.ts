import { createHash, randomBytes } from 'node:crypto';
import type { ContentImage } from '@ampere/contract/admin';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { cleanImage } from '../uploads/image.js';
import { createMediaRepository } from './media.repository.js';

/** Longest side kept for a public image: a banner at 3× of 375 px, a QR code, an avatar. */
export const PUBLIC_IMAGE_SIDE = 1200;
const ID = /^[A-Za-z0-9_-]{22}$/;

/** Where anyone fetches a public image: our own origin, so the app's CSP lets it in. */
export const imageUrl = (id: string) => `/api/v1/common/image/${id}`;

export type ImagePurpose = 'banner' | 'avatar' | 'qr' | 'notice';

/**
 * Staff's public images (docs/content.md): the uploads module's hardened decoder (magic bytes,
 * pixel limit, full decode), then scaled down and re-encoded as JPEG, so nothing of the source
 * but its pixels is ever served. No user's data is involved: only staff upload here.
 */
export function createContentImages(deps: {
  db: Db;
  audit: AuditService;
  now: () => Date;
  maxPixels: number;
}) {
  const { db, audit, now, maxPixels } = deps;

  return {
    async upload(who: AuditActor, purpose: ImagePurpose, input: Buffer): Promise<ContentImage> {
      const clean = await cleanImage(input, maxPixels);
      const { data, info } = await sharp(clean.data)
        .resize({
          width: PUBLIC_IMAGE_SIDE,
          height: PUBLIC_IMAGE_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: 86, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      const id = randomBytes(16).toString('base64url');
      const sha256 = createHash('sha256').update(data).digest('hex');
      await db.transaction(async (tx) => {
        await createMediaRepository(tx).insertImage({
          id,
          purpose,
          data,
          width: info.width,
          height: info.height,
          sha256,
          createdAt: now(),
        });
        await audit.record(tx, who, {
          action: 'content.image_uploaded',
          subject: `content_image:${id}`,
          after: { purpose, width: info.width, height: info.height, bytes: data.length, sha256 },
        });
      });
      return { id, url: imageUrl(id), width: info.width, height: info.height };
    },

    /** common/image/:id: the bytes; 6502 for anything that is not one of ours. */
    async open(id: string): Promise<Buffer> {
      const data = ID.test(id) ? await createMediaRepository(db).imageData(id) : undefined;
      if (!data) throw new AppError('CONTENT_IMAGE_NOT_FOUND');
      return data;
    },

    /** Refuses (7400) ids that are not public images stored for `purpose`. */
    async require(tx: Db, ids: (string | null)[], purpose: ImagePurpose): Promise<void> {
      const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
      const found = await createMediaRepository(tx).imagesOf(wanted, purpose);
      if (found.size !== wanted.length) throw new AppError('CONTENT_IMAGE_UNKNOWN');
    },
  };
}

export type ContentImages = ReturnType<typeof createContentImages>;

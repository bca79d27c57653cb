import { createHash, randomBytes } from 'node:crypto';
import { uploadIdSchema, type Upload, type UploadPurpose } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { cleanImage } from './image.js';
import type { UrlSigner } from './signing.js';
import type { BlobStore } from './storage.js';
import { createUploadsRepository, type UploadRow } from './uploads.repository.js';

export interface UploadLimits {
  maxPixels: number;
  perHour: number;
  quotaBytes: number;
}

const HOUR_MS = 3_600_000;

/** Our ids only: anything else (a NUL, a path) is an upload that does not exist. */
const isUploadId = (id: string) => uploadIdSchema.safeParse(id).success;

/**
 * Hardened image uploads (issue #16, docs/kyc.md): every image decoded and re-encoded, stored
 * under a random id with its owner, purpose and hash, served only through short-lived signed
 * addresses. Other modules (kyc) use an upload by id once they checked whose it is here.
 */
export function createUploadsService(deps: {
  db: Db;
  store: BlobStore;
  signer: UrlSigner;
  limits: UploadLimits;
  now: () => Date;
}) {
  const { db, store, signer, limits, now } = deps;
  const repo = (tx: Db = db) => createUploadsRepository(tx);

  function checkUsage(usage: { recent: number; storedBytes: number }, adding: number) {
    if (usage.recent >= limits.perHour) throw new AppError('UPLOAD_RATE_LIMITED');
    if (usage.storedBytes + adding > limits.quotaBytes) throw new AppError('UPLOAD_QUOTA_EXCEEDED');
  }

  function view(row: UploadRow): Upload {
    const signed = signer.sign(row.id);
    return {
      id: row.id,
      url: signed.url,
      urlExpiresAt: signed.expiresAt.toISOString(),
      mime: 'image/jpeg',
      width: row.width,
      height: row.height,
      bytes: row.bytes,
    };
  }

  return {
    /**
     * POST common/uploader: refuses early when the user is over the hourly count (before any
     * decoding work), cleans the image, then counts again under the user's lock and stores it.
     */
    async upload(userId: bigint, purpose: UploadPurpose, data: Buffer): Promise<Upload> {
      checkUsage(await repo().usage(userId, new Date(now().getTime() - HOUR_MS)), 0);
      const image = await cleanImage(data, limits.maxPixels);
      const id = randomBytes(16).toString('base64url');
      const row = await db.transaction(async (tx) => {
        await repo(tx).lockUser(userId);
        const at = now();
        checkUsage(
          await repo(tx).usage(userId, new Date(at.getTime() - HOUR_MS)),
          image.data.length,
        );
        await store.put(id, image.data);
        try {
          return await repo(tx).insert({
            id,
            userId,
            purpose,
            mime: 'image/jpeg',
            sourceType: image.sourceType,
            bytes: image.data.length,
            width: image.width,
            height: image.height,
            sha256: createHash('sha256').update(image.data).digest('hex'),
            createdAt: at,
          });
        } catch (error) {
          await store.delete(id);
          throw error;
        }
      });
      return view(row);
    },

    /**
     * GET common/deleteUploader: the owner's upload that no submission uses. Another user's
     * upload answers as one that does not exist (nothing to learn from trying ids).
     */
    async remove(userId: bigint, id: string): Promise<{ id: string }> {
      if (!isUploadId(id)) throw new AppError('UPLOAD_NOT_FOUND');
      await db.transaction(async (tx) => {
        const row = await repo(tx).find(id, true);
        if (row?.userId !== userId) throw new AppError('UPLOAD_NOT_FOUND');
        if (row.attachedTo !== null) throw new AppError('UPLOAD_IN_USE');
        await repo(tx).markDeleted(id, now());
      });
      // After the commit: a crash between leaves bytes without a row, never a row without bytes.
      await store.delete(id);
      return { id };
    },

    /** GET common/file/:id with a valid signature: the stored bytes. */
    async open(id: string, exp: string, sig: string): Promise<Buffer> {
      if (!isUploadId(id) || !signer.verify(id, exp, sig))
        throw new AppError('UPLOAD_LINK_INVALID');
      const row = await repo().find(id);
      const data = row ? await store.get(id) : null;
      if (!data) throw new AppError('UPLOAD_NOT_FOUND');
      return data;
    },

    /** The user's stored upload for `purpose`, locked in `tx`; undefined when it is not theirs. */
    async ownedBy(
      tx: Db,
      userId: bigint,
      id: string,
      purpose: UploadPurpose,
    ): Promise<UploadRow | undefined> {
      if (!isUploadId(id)) return undefined;
      const row = await repo(tx).find(id, true);
      return row?.userId === userId && row.purpose === purpose ? row : undefined;
    },

    /** Marks uploads as used by `to` (e.g. `kyc:12`), in the submission's transaction. */
    attach: (tx: Db, ids: readonly string[], to: string) => repo(tx).attach(ids, to),

    /** A signed address for an upload, for its owner or a permitted member of staff. */
    signed(id: string): { url: string; urlExpiresAt: string } {
      const signed = signer.sign(id);
      return { url: signed.url, urlExpiresAt: signed.expiresAt.toISOString() };
    },

    /**
     * Retention: deletes uploads no submission used, older than `olderThanMs` (a picked image
     * the user never submitted). Returns how many went.
     */
    async sweep(olderThanMs: number, batch = 200): Promise<number> {
      const stale = await repo().stale(new Date(now().getTime() - olderThanMs), batch);
      for (const row of stale) {
        await repo().markDeleted(row.id, now());
        await store.delete(row.id);
      }
      return stale.length;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

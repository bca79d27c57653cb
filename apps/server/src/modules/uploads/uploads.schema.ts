import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { appUser } from '../auth/auth.schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An uploaded image (docs/kyc.md): its bytes are in the blob store under `id`, re-encoded;
 * this row says whose it is, what for, and its hash. A deleted upload keeps its row (with
 * `deleted_at`, bytes gone) so the hourly upload count cannot be reset by deleting.
 */
export const upload = pgTable(
  'upload',
  {
    /** 128 random bits, base64url: the blob's key and the public id. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    purpose: text('purpose').notNull(),
    /** What is stored (always a re-encoded JPEG). */
    mime: text('mime').notNull(),
    /** What the source was, by its magic bytes. */
    sourceType: text('source_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** SHA-256 of the stored bytes (hex): integrity, and the same image found again. */
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull(),
    /**
     * Set when a submission uses it (`kyc:12`, `recharge:34`): from then on the owner cannot
     * delete it.
     */
    attachedTo: text('attached_to'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('upload_user_idx').on(t.userId, t.createdAt),
    check('upload_purpose', sql`${t.purpose} in ('kyc', 'recharge_proof')`),
    check('upload_mime', sql`${t.mime} = 'image/jpeg'`),
    check('upload_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('upload_bytes', sql`${t.bytes} > 0`),
    check('upload_attached_kept', sql`${t.attachedTo} is null or ${t.deletedAt} is null`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { appUser } from '../auth/auth.schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A public image staff uploaded for content (a banner, an agent's avatar, a QR code): decoded and
 * re-encoded to JPEG on upload (nothing of the source but its pixels survives), served to anyone
 * under its random id. The bytes are in the row, so every node of a cluster serves them; who
 * uploaded it is in the audit log, not here.
 */
export const contentImage = pgTable(
  'content_image',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    data: bytea('data').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('content_image_purpose', sql`${t.purpose} in ('banner', 'avatar', 'qr', 'notice')`),
    check('content_image_id', sql`${t.id} ~ '^[A-Za-z0-9_-]{22}$'`),
  ],
);

/** An announcement; its texts per language are in `notice_text`. Unpublished is a draft. */
export const notice = pgTable(
  'notice',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    pinned: boolean('pinned').notNull().default(false),
    popup: boolean('popup').notNull().default(false),
    publishedAt: ts('published_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('notice_published_idx').on(t.publishedAt)],
);

export const noticeText = pgTable(
  'notice_text',
  {
    noticeId: bigint('notice_id', { mode: 'bigint' })
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    /** Sanitized HTML (allow-list), never the text as staff sent it. */
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.locale] })],
);

/** A user has read (or been shown, for a pop-up) a notice: on the server, so on every device. */
export const noticeRead = pgTable(
  'notice_read',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    noticeId: bigint('notice_id', { mode: 'bigint' })
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

/** A Home banner: an image, where a tap goes, when it is shown and in which order. */
export const banner = pgTable(
  'banner',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    imageId: text('image_id')
      .notNull()
      .references(() => contentImage.id),
    title: text('title').notNull(),
    /** `{ mode, target }` (contract `linkSchema`), or null for a banner that links nowhere. */
    link: jsonb('link'),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check(
      'banner_window',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

/** Customer service per language: up to three agents (jsonb, checked on write) and a QR code. */
export const customerService = pgTable('customer_service', {
  locale: text('locale').primaryKey(),
  agents: jsonb('agents').notNull(),
  qrImageId: text('qr_image_id').references(() => contentImage.id),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A version of the user service agreement (docs/content.md, Agreement versions). The one in
 * force is the highest version whose `effective_at` has come; versions take effect in order
 * (checked on publish). Versions, their texts and acceptances are append-only (triggers): a
 * correction is a newer version, so what a user accepted can always be shown again.
 */
export const agreementVersion = pgTable(
  'agreement_version',
  {
    version: integer('version').primaryKey(),
    effectiveAt: ts('effective_at').notNull(),
    createdAt: ts('created_at').notNull(),
    /** `staff:<name>`, or `system` for the shipped version. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    check('agreement_version_positive', sql`${t.version} >= 1`),
    index('agreement_version_effective_idx').on(t.effectiveAt),
  ],
);

/** One language of a version; a language without one reads the English text. */
export const agreementText = pgTable(
  'agreement_text',
  {
    version: integer('version')
      .notNull()
      .references(() => agreementVersion.version),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * `html`: sanitized rich text, as staff publish it. `text`: the shipped version's plain text
     * (a blank line between paragraphs), turned into paragraphs when read.
     */
    format: text('format').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.version, t.locale] }),
    check('agreement_text_format', sql`${t.format} in ('html', 'text')`),
  ],
);

/** A user accepted a version: when, from where, and how (at sign-up, or asked in the app). */
export const agreementAcceptance = pgTable(
  'agreement_acceptance',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    version: integer('version')
      .notNull()
      .references(() => agreementVersion.version),
    acceptedAt: ts('accepted_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** `registration`, `prompt` (the app asked), or `migration` (accounts older than versions). */
    via: text('via').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.version] }),
    index('agreement_acceptance_version_idx').on(t.version),
    check('agreement_acceptance_via', sql`${t.via} in ('registration', 'prompt', 'migration')`),
  ],
);

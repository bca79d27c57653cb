import { z } from 'zod/mini';
import { localeKeySchema } from '../common.js';
import { agentKindSchema, linkSchema, MAX_AGENTS, type AgentKind } from '../content.js';
import { idParam, intField } from '../params.js';
import { isWebUrl } from '../content.js';

/**
 * Announcements, banners, customer service and their images in the back office (docs/content.md):
 * read with `content.read`, changed with `content.manage` (support), every change audited.
 * Whatever staff type is sanitized on save: titles and names become plain text, a notice body
 * keeps only allow-listed rich text.
 */

export const contentIdParams = z.strictObject({ id: idParam });

/** Ids of our stored public images: 128 random bits, base64url. */
export const contentImageIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/));

/** POST content/images (multipart `file`, `purpose`): one public image, re-encoded. */
export const CONTENT_IMAGE_PURPOSES = ['banner', 'avatar', 'qr', 'notice'] as const;
export const contentImagePurposeSchema = z.enum(CONTENT_IMAGE_PURPOSES);
export const contentImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.int(),
  height: z.int(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

/** Longest title, banner text and agent name once sanitized (the rest is cut). */
export const CONTENT_LIMITS = { title: 120, bannerTitle: 80, agentName: 40 } as const;

/** One language of an announcement. */
export const noticeTextSchema = z.strictObject({
  locale: localeKeySchema,
  /** Plain text once sanitized, at most TITLE_MAX characters; what was sent may be longer. */
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)),
  /** Rich text (HTML); sanitized on save. */
  body: z.string().check(z.maxLength(20_000)),
});

/** POST content/notices (create) and content/notices/:id (edit): the whole notice. */
export const noticeChangeSchema = z
  .strictObject({
    texts: z.array(noticeTextSchema).check(z.minLength(1), z.maxLength(13)),
    pinned: z.boolean(),
    popup: z.boolean(),
    published: z.boolean(),
  })
  .check(
    z.refine((n) => new Set(n.texts.map((t) => t.locale)).size === n.texts.length, {
      error: 'duplicate_locale',
      path: ['texts'],
    }),
  );
export type NoticeChange = z.infer<typeof noticeChangeSchema>;

export const adminNoticeSchema = z.object({
  id: z.string(),
  texts: z.array(z.object({ locale: localeKeySchema, title: z.string(), body: z.string() })),
  pinned: z.boolean(),
  popup: z.boolean(),
  published: z.boolean(),
  publishedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;
export const adminNoticeListSchema = z.object({ items: z.array(adminNoticeSchema) });

/** POST content/banners and content/banners/:id: the whole banner. */
export const bannerChangeSchema = z
  .strictObject({
    imageId: contentImageIdSchema,
    title: z.string().check(z.trim(), z.maxLength(2_000)),
    link: z.nullable(linkSchema),
    /** The sale window in epoch ms; null is open on that side. */
    startsAt: z.nullable(intField(0, 253_402_300_799_000)),
    endsAt: z.nullable(intField(0, 253_402_300_799_000)),
    sortOrder: intField(-100_000, 100_000),
    enabled: z.boolean(),
  })
  .check(
    z.refine((b) => b.startsAt === null || b.endsAt === null || b.startsAt < b.endsAt, {
      error: 'window',
      path: ['endsAt'],
    }),
  );
export type BannerChange = z.infer<typeof bannerChangeSchema>;

export const adminBannerSchema = z.object({
  id: z.string(),
  imageId: z.string(),
  imageUrl: z.string(),
  title: z.string(),
  link: z.nullable(linkSchema),
  startsAt: z.nullable(z.int()),
  endsAt: z.nullable(z.int()),
  sortOrder: z.int(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const adminBannerListSchema = z.object({ items: z.array(adminBannerSchema) });

/** Whether `value` is a reachable contact of `kind`. */
export function isAgentValue(kind: AgentKind, value: string): boolean {
  switch (kind) {
    case 'telegram':
      return /^@?[A-Za-z][A-Za-z0-9_]{3,31}$/.test(value);
    case 'whatsapp':
      return /^\+?[0-9]{6,15}$/.test(value);
    case 'url':
    case 'webview':
      return value.length <= 2000 && isWebUrl(value);
  }
}

export const agentChangeSchema = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)),
    avatarId: z.nullable(contentImageIdSchema),
    kind: agentKindSchema,
    value: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  })
  .check(
    z.refine((a) => isAgentValue(a.kind, a.value), {
      error: 'agent_value_invalid',
      path: ['value'],
    }),
  );

/** One language's agents and QR code. */
export const serviceLocaleSchema = z.strictObject({
  locale: localeKeySchema,
  agents: z.array(agentChangeSchema).check(z.maxLength(MAX_AGENTS)),
  qrImageId: z.nullable(contentImageIdSchema),
});

/** POST content/customer-service: every language's set, whole; a language left out has none. */
export const customerServiceChangeSchema = z
  .strictObject({ locales: z.array(serviceLocaleSchema).check(z.maxLength(13)) })
  .check(
    z.refine((c) => new Set(c.locales.map((l) => l.locale)).size === c.locales.length, {
      error: 'duplicate_locale',
      path: ['locales'],
    }),
  );
export type CustomerServiceChange = z.infer<typeof customerServiceChangeSchema>;

export const adminCustomerServiceSchema = z.object({
  locales: z.array(
    z.object({
      locale: localeKeySchema,
      agents: z.array(
        z.object({
          name: z.string(),
          avatarId: z.nullable(z.string()),
          avatarUrl: z.nullable(z.string()),
          kind: agentKindSchema,
          value: z.string(),
        }),
      ),
      qrImageId: z.nullable(z.string()),
      qrImageUrl: z.nullable(z.string()),
    }),
  ),
});
export type AdminCustomerService = z.infer<typeof adminCustomerServiceSchema>;

/** POST content/notices/:id/delete and content/banners/:id/delete. */
export const contentRemovedSchema = z.object({ id: z.string() });

/** Longest agreement text per language, in characters, once sanitized. */
export const AGREEMENT_BODY_MAX = 60_000;

/** One language of an agreement version: its title and rich text (sanitized on save). */
export const agreementTextSchema = z.strictObject({
  locale: localeKeySchema,
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)),
  body: z.string().check(z.maxLength(AGREEMENT_BODY_MAX)),
});

/**
 * POST content/agreements: publish the next version of the user service agreement. English is
 * required (every language falls back to it); it takes effect at `effectiveAt` (epoch ms, not
 * before now nor before the latest version), or at once when null. Versions are never edited or
 * deleted: a correction is a newer version.
 */
export const agreementVersionChangeSchema = z
  .strictObject({
    texts: z.array(agreementTextSchema).check(z.minLength(1), z.maxLength(13)),
    effectiveAt: z.nullable(intField(0, 253_402_300_799_000)),
  })
  .check(
    z.refine((v) => new Set(v.texts.map((t) => t.locale)).size === v.texts.length, {
      error: 'duplicate_locale',
      path: ['texts'],
    }),
  );
export type AgreementVersionChange = z.infer<typeof agreementVersionChangeSchema>;

export const AGREEMENT_STATES = ['scheduled', 'current', 'superseded'] as const;

export const adminAgreementVersionSchema = z.object({
  version: z.int(),
  effectiveAt: z.string(),
  createdAt: z.string(),
  /** `staff:<name>`, or `system` for the shipped version. */
  createdBy: z.string(),
  state: z.enum(AGREEMENT_STATES),
  /** Users who accepted this version. */
  acceptances: z.int(),
  texts: z.array(z.object({ locale: localeKeySchema, title: z.string(), body: z.string() })),
});
export type AdminAgreementVersion = z.infer<typeof adminAgreementVersionSchema>;
export const adminAgreementListSchema = z.object({ items: z.array(adminAgreementVersionSchema) });
export type AdminAgreementList = z.infer<typeof adminAgreementListSchema>;

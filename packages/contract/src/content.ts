import { z } from 'zod/mini';
import { agreementSchema } from './common.js';
import { intField } from './params.js';

/**
 * Announcements, banners and customer service as the user app sees them (issue #17, SPEC §1,
 * §2, §7 `common/index`, `common/noticeView`). Every text here was sanitized by the server when
 * staff saved it: titles and names are plain text, a notice body is allow-listed rich text.
 */

/** SPEC §2's navigation modes a link may use (`back` needs no target, so it is not one). */
export const LINK_MODES = [
  'push',
  'redirect',
  'switchTab',
  'relaunch',
  'webview',
  'external',
] as const;
export type LinkMode = (typeof LINK_MODES)[number];
export const linkModeSchema = z.enum(LINK_MODES);

/** An in-app page: one of the app's `/app/pages/…` paths with an optional query. */
export const APP_PATH = /^\/app\/pages\/[A-Za-z0-9_/-]{1,120}(\?[A-Za-z0-9_=&%.~-]{0,200})?$/;

/** Only web addresses leave the app: never `javascript:`, `data:` or any other scheme. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Whether `target` suits `mode`: an app path for the in-app modes, an http(s) URL otherwise. */
export function isLinkTarget(mode: LinkMode, target: string): boolean {
  if (mode === 'webview' || mode === 'external') return target.length <= 2000 && isWebUrl(target);
  if (!APP_PATH.test(target)) return false;
  // SPEC §2: a target containing tabbar/ is a tab switch, and tab pages are reached no other way.
  return target.includes('tabbar/') ? mode === 'switchTab' : mode !== 'switchTab';
}

export const linkSchema = z
  .object({
    mode: linkModeSchema,
    target: z.string().check(z.minLength(1), z.maxLength(2000)),
  })
  .check(
    z.refine((l) => isLinkTarget(l.mode, l.target), {
      error: 'link_target_invalid',
      path: ['target'],
    }),
  );
export type Link = z.infer<typeof linkSchema>;

/** One announcement in a list: no body. */
export const noticeSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The body's first words as plain text. */
  summary: z.string(),
  pinned: z.boolean(),
  popup: z.boolean(),
  publishedAt: z.string(),
});
export type NoticeSummary = z.infer<typeof noticeSummarySchema>;

/** GET common/noticeView?id= — one announcement; `body` is sanitized HTML. */
export const noticeSchema = z.extend(noticeSummarySchema, {
  body: z.string(),
  /** The language the text is in (the caller's, else the fallback's). */
  locale: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeViewQuerySchema = z.strictObject({
  id: z.optional(z.string().check(z.maxLength(64))),
});

/** GET user/notices — the signed-in user's list with read state and the unread count. */
export const userNoticeListSchema = z.object({
  items: z.array(z.extend(noticeSummarySchema, { read: z.boolean() })),
  unread: z.int(),
});
export type UserNoticeList = z.infer<typeof userNoticeListSchema>;

/** GET user/noticePopups — pop-up notices this user has not seen yet, newest first. */
export const noticePopupsSchema = z.object({ items: z.array(noticeSchema) });
export type NoticePopups = z.infer<typeof noticePopupsSchema>;

/** POST user/noticeRead — marks notices read (seen), for every device of the user. */
export const noticeReadSchema = z.strictObject({
  /** Up to 50 ids, comma-separated (a form field as well as JSON). */
  ids: z
    .string()
    .check(z.regex(/^[1-9][0-9]{0,18}(,[1-9][0-9]{0,18}){0,49}$/, { error: 'invalid_id' })),
});
export const noticeReadResultSchema = z.object({ unread: z.int() });

export const bannerSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  /** The image's alternative text. */
  title: z.string(),
  link: z.nullable(linkSchema),
});
export type Banner = z.infer<typeof bannerSchema>;

/** How an agent is reached: a web page, Telegram, WhatsApp, or a page in the app's webview. */
export const AGENT_KINDS = ['url', 'telegram', 'whatsapp', 'webview'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];
export const agentKindSchema = z.enum(AGENT_KINDS);
export const MAX_AGENTS = 3;

export const agentSchema = z.object({
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  kind: agentKindSchema,
  /** What the user sees (a handle, a number, a host). */
  label: z.string(),
  /** Where a tap goes: always an http(s) address. */
  href: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

/** GET common/customerService — open without login (SPEC §2 `/app/pages/index/customer`). */
export const customerServiceSchema = z.object({
  agents: z.array(agentSchema).check(z.maxLength(MAX_AGENTS)),
  qrCodeUrl: z.nullable(z.string()),
});
export type CustomerService = z.infer<typeof customerServiceSchema>;

/** GET common/index — Home's public part: banners on sale now and the latest announcements. */
export const commonIndexSchema = z.object({
  banners: z.array(bannerSchema),
  notices: z.array(noticeSummarySchema),
});
export type CommonIndex = z.infer<typeof commonIndexSchema>;

/**
 * GET user/agreementPending — the agreement version in force that this user has not accepted
 * yet (the app asks before anything else), or null when they have accepted it.
 */
export const agreementPendingSchema = z.object({ agreement: z.nullable(agreementSchema) });
export type AgreementPending = z.infer<typeof agreementPendingSchema>;

/** POST user/agreementAccept — the version the user read and accepts. */
export const agreementAcceptSchema = z.strictObject({ version: intField(1, 1_000_000) });
export const agreementAcceptedSchema = z.object({
  version: z.int(),
  /** When it was recorded (the first acceptance, when sent again). */
  acceptedAt: z.string(),
});
export type AgreementAccepted = z.infer<typeof agreementAcceptedSchema>;

import { z } from 'zod/mini';
import { idParam, intParam } from './params.js';

/**
 * The in-app inbox (issue #17 item 4, docs/content.md "Notifications"): one notification per
 * event that moved a user's money or decided something of theirs. The server stores the kind and
 * its parameters, never text: the title and body are written at read time in the caller's
 * language, so switching language rewrites the whole inbox.
 */
export const NOTIFICATION_KINDS = [
  /** A real-book trade order settled (won, lost, level or void); subject: the order. */
  'order_settled',
  /** A bank recharge confirmed by finance and credited; subject: the recharge. */
  'recharge_credited',
  /** A USDT chain deposit confirmed and credited; subject: the deposit. */
  'deposit_credited',
  /** A withdrawal fully approved (every approval it needs); subject: the withdrawal. */
  'withdrawal_approved',
  /** A withdrawal paid out (bank transfer or chain payout); subject: the withdrawal. */
  'withdrawal_paid',
  /** A withdrawal rejected by finance, its amount released; subject: the withdrawal. */
  'withdrawal_rejected',
  /** Real-name verification approved; subject: the submission round. */
  'kyc_approved',
  /** Real-name verification declined; subject: the submission round. */
  'kyc_declined',
  /** An Earn order reached its last day: principal and interest paid; subject: the order. */
  'earn_matured',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/**
 * The unread count is counted up to this: a badge shows "99+" long before, and counting stops
 * there, so a user who never opens the inbox costs no more to count than one who does.
 * `unread: 100` reads "100 or more".
 */
export const NOTIFICATION_UNREAD_MAX = 100;
export const NOTIFICATION_PAGE_MAX = 50;
export const NOTIFICATION_PAGE_DEFAULT = 20;
/** Ids one `user/notificationRead` call may name. */
export const NOTIFICATION_READ_IDS_MAX = 50;
/** Days a notification is kept (the retention job deletes older ones). */
export const NOTIFICATION_RETENTION_DAYS = 90;

const unreadCount = z.int().check(z.minimum(0), z.maximum(NOTIFICATION_UNREAD_MAX));

/** One notification as the inbox shows it, its text in the caller's language. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  /** What it is about (the order, recharge, withdrawal, Earn order; the round for KYC). */
  subjectId: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET user/notifications: newest first; pass `nextCursor` back as `cursor` for older ones. */
export const notificationListQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, NOTIFICATION_PAGE_MAX), NOTIFICATION_PAGE_DEFAULT),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.nullable(z.string()),
  unread: unreadCount,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET user/notificationUnread: the badge's number alone (one index lookup). */
export const notificationUnreadSchema = z.object({ unread: unreadCount });
export type NotificationUnread = z.infer<typeof notificationUnreadSchema>;

const ID = '[1-9][0-9]{0,18}';

/**
 * POST user/notificationRead (form): `ids` — up to 50 comma-separated ids, or `all`. With `all`,
 * `upTo` is the newest id the app has shown: what arrived after it stays unread, so "mark all
 * read" never swallows a notification the user has not seen. Ids that are not the caller's are
 * ignored.
 */
export const notificationReadSchema = z.strictObject({
  ids: z.string().check(
    z.regex(new RegExp(`^(?:all|${ID}(?:,${ID}){0,${NOTIFICATION_READ_IDS_MAX - 1}})$`), {
      error: 'invalid_id',
    }),
  ),
  upTo: z.optional(idParam),
});
export type NotificationRead = z.infer<typeof notificationReadSchema>;

export const notificationReadResultSchema = z.object({
  /** How many of the caller's notifications this call marked read. */
  marked: z.int().check(z.minimum(0)),
  unread: unreadCount,
});
export type NotificationReadResult = z.infer<typeof notificationReadResultSchema>;

/**
 * The user's private `inbox` socket channel, after the commit that wrote a notification (with
 * `item`) or marked some read on any device (without): the new unread count. The text is not
 * pushed — it is written in the reader's language when the inbox is read.
 */
export const notificationPushSchema = z.object({
  unread: unreadCount,
  item: z.optional(
    z.object({
      id: z.string(),
      kind: notificationKindSchema,
      subjectId: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type NotificationPush = z.infer<typeof notificationPushSchema>;

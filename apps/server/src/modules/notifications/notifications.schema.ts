import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One notification in a user's inbox (docs/content.md "Notifications"): the kind of event and
 * its parameters (amounts as decimal strings, currency, …), never text — the text is written when
 * it is read, in the reader's language. Written by the module that owns the event, in the
 * transaction of the event, through this module's service.
 *
 * - Unique on (user, kind, subject): a retried event, a replayed request or a second settlement
 *   pass writes nothing new (`on conflict do nothing`).
 * - The primary key (user, id) is the inbox's order, newest first, and scopes every id a user
 *   names to their own rows.
 * - The partial index holds only unread rows: the badge counts them without touching the rest.
 * - BRIN on the time: rows arrive in time order, so the 90-day retention finds the old ones
 *   through a few block ranges, for next to nothing on each insert (settlement writes thousands
 *   a batch).
 * - No foreign key to app_user: its check would run per row inside settlement's batch and lock
 *   each user's row (FOR KEY SHARE); users are never deleted (a closed account is disabled).
 */
export const notification = pgTable(
  'notification',
  {
    id: bigint('id', { mode: 'bigint' }).generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    subjectId: bigint('subject_id', { mode: 'bigint' }).notNull(),
    params: jsonb('params').notNull(),
    createdAt: ts('created_at').notNull(),
    readAt: ts('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    uniqueIndex('notification_event_key').on(t.userId, t.kind, t.subjectId),
    index('notification_unread_idx')
      .on(t.userId, t.id)
      .where(sql`${t.readAt} is null`),
    index('notification_created_brin').using('brin', t.createdAt),
    check(
      'notification_kind',
      sql`${t.kind} in ('order_settled', 'recharge_credited', 'deposit_credited',
                        'withdrawal_approved', 'withdrawal_paid', 'withdrawal_rejected',
                        'kyc_approved', 'kyc_declined', 'earn_matured')`,
    ),
    check('notification_params', sql`jsonb_typeof(${t.params}) = 'object'`),
  ],
);

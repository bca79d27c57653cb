import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appUser } from '../account/account.schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A signed-in device. Only the SHA-256 of the token is stored, so a database leak yields no
 * usable session. Rotation keeps the previous hash valid for a short grace period so requests
 * already in flight with the old token still succeed.
 */
export const userSession = pgTable(
  'user_session',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    tokenHash: text('token_hash').notNull(),
    previousTokenHash: text('previous_token_hash'),
    previousValidUntil: ts('previous_valid_until'),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
    rotatedAt: ts('rotated_at')
      .notNull()
      .default(sql`now()`),
    lastSeenAt: ts('last_seen_at')
      .notNull()
      .default(sql`now()`),
    /** Sliding: moved forward on use, never past `createdAt` + the absolute lifetime. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('user_session_token_key').on(t.tokenHash),
    index('user_session_previous_token_idx').on(t.previousTokenHash),
    index('user_session_user_idx').on(t.userId),
  ],
);

/**
 * Failed sign-in attempts per scope (`account:<lowercased username>`, `ip:<address>`), in a
 * window that starts at the first failure. Shared by every server process through the database.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    scope: text('scope').notNull(),
    windowStartedAt: ts('window_started_at').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: ts('last_failure_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope] })],
);

/** Every security-relevant event of an account: sign-ins, failures, password changes. */
export const securityEvent = pgTable(
  'security_event',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => appUser.id),
    kind: text('kind').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('security_event_user_idx').on(t.userId, t.id)],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** SPEC §4: status 0 is a disabled account (sent to Black_run), 1 is active. */
export const USER_STATUS = { DISABLED: 0, ACTIVE: 1 } as const;

/**
 * A retail account holder. `id` is internal and never leaves the server; `uid` is the public
 * number shown in the app (SPEC §3 "UID"), random so it reveals nothing about sign-up order.
 */
export const appUser = pgTable(
  'app_user',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: bigint('uid', { mode: 'bigint' }).notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    fundPasswordHash: text('fund_password_hash'),
    /** Consecutive wrong fund passwords; reset on success. Five lock it (see auth rules). */
    fundPasswordFailures: smallint('fund_password_failures').notNull().default(0),
    fundPasswordLockedUntil: timestamp('fund_password_locked_until', {
      withTimezone: true,
      mode: 'date',
    }),
    status: smallint('status').notNull().default(USER_STATUS.ACTIVE),
    /** 0 Ordinary, 1 Junior, 2 Intermediate, 3 Premium (labels only, SPEC §6). */
    level: smallint('level').notNull().default(0),
    /**
     * The level staff set by hand (`users.level`): the user's level never falls below it, whatever
     * the thresholds give (docs/backoffice.md, Member levels); 0 for none. `level` is the one in
     * force, kept by the levels module.
     */
    levelFloor: smallint('level_floor').notNull().default(0),
    creditScore: integer('credit_score').notNull().default(100),
    inviteCode: text('invite_code').notNull(),
    referrerId: bigint('referrer_id', { mode: 'bigint' }).references((): AnyPgColumn => appUser.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('app_user_uid_key').on(t.uid),
    // Usernames are unique regardless of case, so "Alice" cannot impersonate "alice".
    uniqueIndex('app_user_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('app_user_invite_code_key').on(t.inviteCode),
    index('app_user_referrer_idx').on(t.referrerId),
    check('app_user_status_check', sql`${t.status} in (0, 1)`),
    check('app_user_level_check', sql`${t.level} between 0 and 3`),
    check('app_user_level_floor_check', sql`${t.levelFloor} between 0 and ${t.level}`),
  ],
);

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

import { ROLE_KEYS } from '@ampere/contract/admin';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const roleList = sql.raw(ROLE_KEYS.map((r) => `'${r}'`).join(', '));

/**
 * A member of staff (docs/backoffice.md): separate from users — another table, other sessions,
 * a role, and a TOTP second factor whose secret is sealed with the data key (crypto/sealed.ts).
 */
export const staffMember = pgTable(
  'staff_member',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    /** 1 active, 0 disabled (every session revoked when set). */
    status: smallint('status').notNull().default(1),
    /** Set by `staff:create` and resets: only the password change is open until it is done. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** The sealed TOTP secret; set at the first password step, enrolled once a code matches. */
    totpSecret: text('totp_secret'),
    totpEnrolledAt: ts('totp_enrolled_at'),
    /** The last time step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'bigint' }),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
    createdBy: text('created_by'),
    lastSignInAt: ts('last_sign_in_at'),
  },
  (t) => [
    uniqueIndex('staff_member_username_key').on(sql`lower(${t.username})`),
    check('staff_member_role_check', sql`${t.role} in (${roleList})`),
    check('staff_member_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/**
 * A signed-in staff browser: the cookie's token and the CSRF token, both stored as SHA-256
 * hashes; idle expiry slides, never past the absolute limit.
 */
export const staffSession = pgTable(
  'staff_session',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staffMember.id),
    tokenHash: text('token_hash').notNull(),
    csrfHash: text('csrf_hash').notNull(),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
    lastSeenAt: ts('last_seen_at')
      .notNull()
      .default(sql`now()`),
    idleExpiresAt: ts('idle_expires_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('staff_session_token_key').on(t.tokenHash),
    index('staff_session_staff_idx').on(t.staffId),
  ],
);

/** Between the password step and the code step of a sign-in: one use, five minutes. */
export const staffChallenge = pgTable(
  'staff_challenge',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staffMember.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** Wrong codes entered against it; at CHALLENGE_ATTEMPTS it is dead. */
    attempts: smallint('attempts').notNull().default(0),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('staff_challenge_token_key').on(t.tokenHash)],
);

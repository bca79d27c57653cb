import { createHash } from 'node:crypto';
import { STAFF_IDLE_MS, STAFF_MAX_MS } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { hashToken, newSessionToken } from '../auth/tokens.js';
import type { ClientContext } from '../auth/security-events.js';
import { createStaffRepository, STAFF_STATUS, type StaffRow } from './staff.repository.js';

const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);

/**
 * A session's CSRF token: derived from its cookie's token, so the page can be given it again
 * (`GET auth/session`) without storing it; only a page that was given it can send it.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`ampere-csrf\n${sessionToken}`).digest('base64url');
}
/** last_seen_at and the idle expiry are written at most this often per session. */
const TOUCH_EVERY_MS = 30_000;

export interface OpenedStaffSession {
  /** The cookie's value: shown once, stored only as a hash. */
  token: string;
  /** Sent back in `x-csrf-token` on every state-changing call; stored only as a hash. */
  csrfToken: string;
  idleExpiresAt: Date;
  expiresAt: Date;
}

export interface SignedInStaff {
  member: StaffRow;
  sessionId: bigint;
  csrfHash: string;
  idleExpiresAt: Date;
  expiresAt: Date;
}

/**
 * Staff sessions (docs/backoffice.md): the token in an httpOnly cookie and a CSRF token, both
 * stored hashed; 30 minutes idle, 12 hours at most, whatever the activity.
 */
export function createStaffSessions(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    async open(tx: Db, staffId: bigint, ctx: ClientContext): Promise<OpenedStaffSession> {
      const t = now();
      const token = newSessionToken();
      const csrfToken = csrfTokenOf(token);
      const expiresAt = addMs(t, STAFF_MAX_MS);
      const idleExpiresAt = addMs(t, STAFF_IDLE_MS);
      await createStaffRepository(tx).insertSession({
        staffId,
        tokenHash: hashToken(token),
        csrfHash: hashToken(csrfToken),
        createdAt: t,
        lastSeenAt: t,
        idleExpiresAt,
        expiresAt,
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 256) ?? null,
      });
      return { token, csrfToken, idleExpiresAt, expiresAt };
    },

    /**
     * The member a session token names, sliding the idle expiry; undefined when the session is
     * unknown, ended or its member disabled (whose sessions all end here).
     */
    async authenticate(token: string): Promise<SignedInStaff | undefined> {
      const t = now();
      const repo = createStaffRepository(db);
      const found = await repo.findLiveSession(hashToken(token), t);
      if (!found) return undefined;
      if (found.staff.status !== STAFF_STATUS.ACTIVE) {
        await repo.revokeAllSessions(found.staff.id, t);
        return undefined;
      }
      let idleExpiresAt = found.session.idleExpiresAt;
      if (t.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        idleExpiresAt = addMs(t, STAFF_IDLE_MS);
        await repo.touchSession(found.session.id, t, idleExpiresAt);
      }
      return {
        member: found.staff,
        sessionId: found.session.id,
        csrfHash: found.session.csrfHash,
        idleExpiresAt,
        expiresAt: found.session.expiresAt,
      };
    },

    end: (tx: Db, sessionId: bigint) => createStaffRepository(tx).revokeSession(sessionId, now()),
    endAll: (tx: Db, staffId: bigint) =>
      createStaffRepository(tx).revokeAllSessions(staffId, now()),
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;

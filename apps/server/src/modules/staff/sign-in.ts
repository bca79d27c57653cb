import type {
  StaffChallenge,
  StaffCodeStep,
  StaffPasswordChange,
  StaffPasswordStep,
} from '@ampere/contract/admin';
import type { SealedBox } from '../../crypto/sealed.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { decoyHash, hashPassword, verifyPassword } from '../auth/password.js';
import type { ClientContext } from '../auth/security-events.js';
import { guessScopes, type Throttle } from '../auth/throttle.js';
import { hashToken, newSessionToken } from '../auth/tokens.js';
import { createStaffRepository, STAFF_STATUS, type StaffRow } from './staff.repository.js';
import type { OpenedStaffSession, SignedInStaff, StaffSessions } from './staff-sessions.js';
import { newTotpSecret, otpauthUri, totpStep } from './totp.js';

/** Between the password and the code: five minutes, five wrong codes. */
export const CHALLENGE_MS = 5 * 60_000;
export const CHALLENGE_ATTEMPTS = 5;

/** Where a request came from, for throttling and the audit log. */
export interface RequestContext extends ClientContext {
  requestId: string;
}

export const staffActor = (m: StaffRow, ctx: RequestContext): AuditActor => ({
  actor: `staff:${m.username}`,
  staffId: m.id.toString(),
  role: m.role,
  requestId: ctx.requestId,
  ip: ctx.ip,
});

const anonymous = (ctx: RequestContext): AuditActor => ({
  actor: 'anonymous',
  requestId: ctx.requestId,
  ip: ctx.ip,
});

/**
 * Staff sign-in in two steps (docs/backoffice.md): the password (throttled like the user side,
 * per name and address), then a TOTP code at every sign-in — the first one enrols the secret
 * shown at the password step. A code opens one session and is never accepted twice. Every
 * failure and every session opened is in the audit log.
 */
export function createStaffSignIn(deps: {
  db: Db;
  now: () => Date;
  sessions: StaffSessions;
  throttle: Throttle;
  audit: AuditService;
  box: SealedBox;
}) {
  const { db, now, sessions, throttle, audit, box } = deps;

  const failed = (ctx: RequestContext, username: string, step: string, staffId?: bigint) =>
    db.transaction((tx) =>
      audit.record(tx, anonymous(ctx), {
        action: 'staff.sign_in_failed',
        subject:
          staffId === undefined ? `staff-name:${username.toLowerCase()}` : `staff:${staffId}`,
        note: { step },
      }),
    );

  return {
    async passwordStep(req: StaffPasswordStep, ctx: RequestContext): Promise<StaffChallenge> {
      const { pair, scopes } = guessScopes('staff', req.username, ctx.ip, false);
      await throttle.check(scopes);
      const repo = createStaffRepository(db);
      const member = await repo.findByUsername(req.username.trim());
      // One full verification either way: an unknown name costs what a wrong password does.
      const valid = await verifyPassword(req.password, member?.passwordHash ?? (await decoyHash()));
      if (!member || !valid || member.status !== STAFF_STATUS.ACTIVE) {
        await throttle.recordFailures(scopes.map((s) => s.scope));
        await failed(ctx, req.username, 'password', member?.id);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await throttle.clear(pair);
      let enrolment: StaffChallenge['enrolment'] = null;
      if (!member.totpEnrolledAt) {
        // The same secret until a code proves it was added: a reload shows the same QR code.
        const secret = member.totpSecret ? box.open(member.totpSecret) : newTotpSecret();
        if (!member.totpSecret) await repo.update(member.id, { totpSecret: box.seal(secret) });
        enrolment = { secret, otpauthUri: otpauthUri(member.username, secret) };
      }
      const challenge = newSessionToken();
      const t = now();
      const expiresAt = new Date(t.getTime() + CHALLENGE_MS);
      await db.transaction(async (tx) => {
        await createStaffRepository(tx).insertChallenge({
          staffId: member.id,
          tokenHash: hashToken(challenge),
          createdAt: t,
          expiresAt,
          ip: ctx.ip,
        });
        await audit.record(tx, staffActor(member, ctx), {
          action: 'staff.password_accepted',
          subject: `staff:${member.id}`,
          note: { enrolling: enrolment !== null },
        });
      });
      return { challenge, expiresAt: expiresAt.toISOString(), enrolment };
    },

    async codeStep(
      req: StaffCodeStep,
      ctx: RequestContext,
    ): Promise<{ member: StaffRow; session: OpenedStaffSession }> {
      const t = now();
      const repo = createStaffRepository(db);
      const live = await repo.liveChallenge(hashToken(req.challenge), t, CHALLENGE_ATTEMPTS);
      if (!live) throw new AppError('SIGN_IN_EXPIRED');
      const member = await repo.findById(live.staffId);
      if (!member?.totpSecret || member.status !== STAFF_STATUS.ACTIVE)
        throw new AppError('SIGN_IN_EXPIRED');
      const step = await totpStep(box.open(member.totpSecret), req.code, t);
      const opened = await db.transaction(async (tx) => {
        const txRepo = createStaffRepository(tx);
        // A valid code for a step already used is a replay: refused like a wrong one.
        const accepted =
          step !== undefined &&
          (await txRepo.acceptTotpStep(member.id, step, t, !member.totpEnrolledAt)) &&
          (await txRepo.useChallenge(live.id, t));
        if (!accepted) return undefined;
        const session = await sessions.open(tx, member.id, ctx);
        await audit.record(tx, staffActor(member, ctx), {
          action: member.totpEnrolledAt ? 'staff.sign_in' : 'staff.totp_enrolled',
          subject: `staff:${member.id}`,
        });
        return session;
      });
      if (!opened) {
        await repo.failChallenge(live.id);
        await throttle.recordFailures(
          guessScopes('staff', member.username, ctx.ip, false).scopes.map((s) => s.scope),
        );
        await failed(ctx, member.username, 'code', member.id);
        throw new AppError('TOTP_CODE_INVALID');
      }
      return { member: (await repo.findById(member.id)) ?? member, session: opened };
    },

    /** The signed-in member's own password; a one-time password must be changed first of all. */
    async changePassword(
      who: SignedInStaff,
      req: StaffPasswordChange,
      ctx: RequestContext,
    ): Promise<StaffRow> {
      if (!(await verifyPassword(req.current, who.member.passwordHash)))
        throw new AppError('WRONG_PASSWORD');
      if (req.current === req.password) throw new AppError('SAME_PASSWORD');
      const passwordHash = await hashPassword(req.password);
      return db.transaction(async (tx) => {
        const updated = await createStaffRepository(tx).update(who.member.id, {
          passwordHash,
          mustChangePassword: false,
        });
        await audit.record(tx, staffActor(who.member, ctx), {
          action: 'staff.password_changed',
          subject: `staff:${who.member.id}`,
          before: { mustChangePassword: who.member.mustChangePassword },
          after: { mustChangePassword: false },
        });
        return updated;
      });
    },

    async signOut(who: SignedInStaff, ctx: RequestContext, everywhere: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const ended = everywhere
          ? await sessions.endAll(tx, who.member.id)
          : (await sessions.end(tx, who.sessionId), 1);
        await audit.record(tx, staffActor(who.member, ctx), {
          action: everywhere ? 'staff.sign_out_everywhere' : 'staff.sign_out',
          subject: `staff:${who.member.id}`,
          note: { sessionsEnded: ended },
        });
      });
    },
  };
}

export type StaffSignIn = ReturnType<typeof createStaffSignIn>;

import { randomInt } from 'node:crypto';
import type { Role, StaffCreate, StaffMember } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { hashPassword } from '../auth/password.js';
import {
  createStaffRepository,
  STAFF_STATUS,
  violatedUniqueConstraint,
  type StaffRow,
} from './staff.repository.js';
import type { StaffSessions } from './staff-sessions.js';

/** Readable and long: 4 groups of 5 from an alphabet without look-alikes (≈ 99 bits). */
const OTP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export function oneTimePassword(): string {
  const group = () =>
    Array.from({ length: 5 }, () => OTP_ALPHABET[randomInt(OTP_ALPHABET.length)]).join('');
  // A digit and a letter are required of passwords: the last group always ends in a digit.
  return [group(), group(), group(), `${group().slice(0, 4)}${randomInt(2, 10)}`].join('-');
}

export function staffView(m: StaffRow): StaffMember {
  return {
    id: m.id.toString(),
    username: m.username,
    role: m.role as Role,
    status: m.status === STAFF_STATUS.ACTIVE ? 'active' : 'disabled',
    totpEnrolled: m.totpEnrolledAt !== null,
    mustChangePassword: m.mustChangePassword,
    createdAt: m.createdAt.toISOString(),
    createdBy: m.createdBy,
    lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a member: never the hashes or the sealed secret. */
const auditView = (m: StaffRow) => {
  const { id, username, role, status, totpEnrolled, mustChangePassword } = staffView(m);
  return { id, username, role, status, totpEnrolled, mustChangePassword };
};

/**
 * Staff management (owner): members with a role, a one-time password to start with (changed at
 * the first sign-in, with the second factor enrolled then), disabling and resets. Nobody
 * changes their own role or status, and the last active owner stays one.
 */
export function createStaffMembers(deps: { db: Db; audit: AuditService; sessions: StaffSessions }) {
  const { db, audit, sessions } = deps;

  /** Locks the member and checks the change is not to oneself or the last owner. */
  async function changeable(tx: Db, who: AuditActor, id: bigint, demotes: boolean) {
    const repo = createStaffRepository(tx);
    const member = await repo.findById(id, true);
    if (!member) throw new AppError('STAFF_NOT_FOUND');
    if (who.staffId === id.toString()) throw new AppError('STAFF_SELF_CHANGE');
    const activeOwner = member.role === 'owner' && member.status === STAFF_STATUS.ACTIVE;
    if (demotes && activeOwner && (await repo.activeOwners()) <= 1)
      throw new AppError('LAST_OWNER');
    return member;
  }

  return {
    list: async (): Promise<StaffMember[]> =>
      (await createStaffRepository(db).list()).map(staffView),

    async create(who: AuditActor, req: StaffCreate) {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      try {
        return await db.transaction(async (tx) => {
          const member = await createStaffRepository(tx).insertMember({
            username: req.username,
            passwordHash,
            role: req.role,
            createdBy: who.actor,
          });
          await audit.record(tx, who, {
            action: 'staff.created',
            subject: `staff:${member.id}`,
            after: auditView(member),
          });
          return { staff: staffView(member), oneTimePassword: password };
        });
      } catch (error) {
        if (violatedUniqueConstraint(error) === 'staff_member_username_key')
          throw new AppError('USERNAME_TAKEN');
        throw error;
      }
    },

    async setRole(who: AuditActor, id: bigint, role: Role): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const member = await changeable(tx, who, id, role !== 'owner');
        const updated = await createStaffRepository(tx).update(id, { role });
        // A new role takes effect at once: its sessions end, the next sign-in carries it.
        await sessions.endAll(tx, id);
        await audit.record(tx, who, {
          action: 'staff.role_changed',
          subject: `staff:${id}`,
          before: { role: member.role },
          after: { role },
        });
        return staffView(updated);
      });
    },

    async setStatus(who: AuditActor, id: bigint, active: boolean): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const member = await changeable(tx, who, id, !active);
        const status = active ? STAFF_STATUS.ACTIVE : STAFF_STATUS.DISABLED;
        const updated = await createStaffRepository(tx).update(id, { status });
        const ended = active ? 0 : await sessions.endAll(tx, id);
        await audit.record(tx, who, {
          action: active ? 'staff.enabled' : 'staff.disabled',
          subject: `staff:${id}`,
          before: { status: staffView(member).status },
          after: { status: staffView(updated).status },
          note: { sessionsEnded: ended },
        });
        return staffView(updated);
      });
    },

    /** A new one-time password and a new second factor (a lost phone): sessions end. */
    async reset(who: AuditActor, id: bigint) {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const member = await changeable(tx, who, id, false);
        const updated = await createStaffRepository(tx).update(id, {
          passwordHash,
          mustChangePassword: true,
          totpSecret: null,
          totpEnrolledAt: null,
        });
        const ended = await sessions.endAll(tx, id);
        await audit.record(tx, who, {
          action: 'staff.reset',
          subject: `staff:${id}`,
          before: { totpEnrolled: member.totpEnrolledAt !== null },
          after: { totpEnrolled: false, mustChangePassword: true },
          note: { sessionsEnded: ended },
        });
        return { staff: staffView(updated), oneTimePassword: password };
      });
    },
  };
}

export type StaffMembers = ReturnType<typeof createStaffMembers>;

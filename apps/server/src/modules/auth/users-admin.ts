import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hashPassword } from './password.js';
import type { RecordEvent } from './security-events.js';
import type { SessionRevocation, UserSessions } from './sessions.js';
import { createUsersAdminRepository, type UserSearch } from './users-admin.repository.js';
import { USER_STATUS, type UserRow } from './users.js';

export type { UserSearch } from './users-admin.repository.js';

/** A user before and after a staff change. */
export interface UserChange {
  before: UserRow;
  after: UserRow;
}

/**
 * Writes the record of a change (the back office's audit row) inside the change's own
 * transaction: the change and its record commit together or not at all.
 */
export type RecordChange = (tx: Db, change: UserChange) => Promise<unknown>;

/** Who asked, for the user's security events: `staff:<name>`. */
export interface StaffHand {
  actor: string;
}

/** No look-alikes (0/O, 1/l/I); 3 groups of 4 (≈ 70 bits), typed by the user once. */
const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const TEMP_DIGITS = '23456789';
const TEMP_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';

/**
 * A temporary sign-in password, within the user password rules (8–64, a letter and a digit):
 * it starts with a letter and ends with a digit, whatever else is drawn.
 */
export function temporaryPassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? '';
  const chars = Array.from({ length: 12 }, () => pick(TEMP_ALPHABET));
  chars[0] = pick(TEMP_LETTERS);
  chars[11] = pick(TEMP_DIGITS);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/**
 * Users as the back office sees and changes them (issue #13): search, referrals, status, level
 * and a forced password reset. Each change locks the user, applies itself, and hands the
 * before/after to the caller's `record` in the same transaction.
 */
export function createUsersAdmin(deps: {
  db: Db;
  sessions: UserSessions;
  event: RecordEvent;
  revoked: (revocation: SessionRevocation) => void;
}) {
  const { db, sessions, event, revoked } = deps;
  const reads = () => createUsersAdminRepository(db);

  async function change(
    userId: bigint,
    apply: (tx: Db, before: UserRow) => Promise<UserRow>,
    record: RecordChange,
  ): Promise<UserChange> {
    return db.transaction(async (tx) => {
      const before = await createUsersAdminRepository(tx).lock(userId);
      if (!before) throw new AppError('USER_NOT_FOUND');
      const after = await apply(tx, before);
      const done = { before, after };
      await record(tx, done);
      return done;
    });
  }

  return {
    searchUsers: (search: UserSearch) => reads().search(search),
    referralsOf: (userId: bigint, afterUid: bigint | undefined, limit: number) =>
      reads().referrals(userId, afterUid, limit),
    findUserByUid: (uid: bigint) => reads().findByUid(uid),
    usersByIds: (ids: readonly bigint[]) => reads().findByIds(ids),

    /**
     * Disables (every session ends now, sockets close, sign-in is refused with
     * ACCOUNT_DISABLED) or enables an account. Setting the status it has already changes
     * nothing but is still recorded.
     */
    async setAccountStatus(
      userId: bigint,
      active: boolean,
      by: StaffHand,
      record: RecordChange,
    ): Promise<UserChange> {
      const status = active ? USER_STATUS.ACTIVE : USER_STATUS.DISABLED;
      const done = await change(
        userId,
        async (tx, before) => {
          if (before.status === status) return before;
          const after = await createUsersAdminRepository(tx).update(userId, { status });
          if (!active) await sessions.endAll(tx, userId);
          await event(tx, userId, active ? 'account_enabled' : 'account_disabled', undefined, {
            by: by.actor,
          });
          return after;
        },
        record,
      );
      if (!active) revoked({ userId });
      return done;
    },

    /**
     * Staff's floor for the user's member level (docs/backoffice.md, Member levels): `apply`
     * (the levels module) writes the floor and the level in force in this transaction; the
     * record sees the row before and after.
     */
    async setLevel(
      userId: bigint,
      floor: number,
      apply: (tx: Db, userId: bigint, floor: number) => Promise<unknown>,
      record: RecordChange,
    ): Promise<UserChange> {
      return change(
        userId,
        async (tx, before) => {
          if (before.levelFloor === floor) return before;
          await apply(tx, userId, floor);
          const after = await createUsersAdminRepository(tx).lock(userId);
          if (!after) throw new Error(`user ${userId} vanished while locked`);
          return after;
        },
        record,
      );
    },

    /**
     * A new, temporary sign-in password (answered once, never stored in clear); every session
     * ends and the user's security events say a member of staff did it.
     */
    async resetPasswordByStaff(
      userId: bigint,
      by: StaffHand,
      record: RecordChange,
    ): Promise<UserChange & { temporaryPassword: string }> {
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      const done = await change(
        userId,
        async (tx) => {
          const after = await createUsersAdminRepository(tx).update(userId, { passwordHash });
          await sessions.endAll(tx, userId);
          await event(tx, userId, 'password_reset_by_staff', undefined, { by: by.actor });
          return after;
        },
        record,
      );
      revoked({ userId });
      return { ...done, temporaryPassword: password };
    },
  };
}

export type UsersAdmin = ReturnType<typeof createUsersAdmin>;

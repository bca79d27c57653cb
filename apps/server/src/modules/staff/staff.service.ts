import type { Permission, Role, StaffSession } from '@ampere/contract/admin';
import type { SealedBox } from '../../crypto/sealed.js';
import type { Db } from '../../db/client.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { createThrottle } from '../auth/throttle.js';
import { createStaffMembers, staffView } from './members.js';
import { createStaffSignIn, staffActor, type RequestContext } from './sign-in.js';
import { createStaffSessions, type SignedInStaff } from './staff-sessions.js';
import type { StaffRow } from './staff.repository.js';
import { permissionsOf } from '@ampere/contract/admin';

export type { RequestContext } from './sign-in.js';
export type { SignedInStaff } from './staff-sessions.js';

/**
 * The back office's staff (docs/backoffice.md), composed from its use cases: sessions
 * (staff-sessions.ts), two-step sign-in with TOTP (sign-in.ts) and management (members.ts).
 * Sign-in throttling is the user side's (auth/throttle.ts), with scopes of its own.
 */
export function createStaffService(deps: {
  db: Db;
  now: () => Date;
  audit: AuditService;
  box: SealedBox;
}) {
  const { db, now, audit, box } = deps;
  const sessions = createStaffSessions({ db, now });
  const throttle = createThrottle(db, now);
  const signIn = createStaffSignIn({ db, now, sessions, throttle, audit, box });
  const members = createStaffMembers({ db, audit, sessions });

  return {
    ...signIn,
    members,
    authenticate: (token: string) => sessions.authenticate(token),
    actor: staffActor,

    /** The answer every signed-in call starts from. */
    session(
      member: StaffRow,
      csrfToken: string,
      ends: { idleExpiresAt: Date; expiresAt: Date },
    ): StaffSession {
      const { id, username, role } = staffView(member);
      return {
        staff: {
          id,
          username,
          role,
          permissions: [...permissionsOf(role)],
          mustChangePassword: member.mustChangePassword,
        },
        csrfToken,
        idleExpiresAt: ends.idleExpiresAt.toISOString(),
        expiresAt: ends.expiresAt.toISOString(),
      };
    },

    /** A signed-in member asked for what their role does not allow: on the record. */
    refused: (who: SignedInStaff, ctx: RequestContext, permission: Permission, route: string) =>
      db.transaction((tx) =>
        audit.record(tx, staffActor(who.member, ctx), {
          action: 'staff.permission_refused',
          subject: `route:${route}`,
          note: { permission },
        }),
      ),

    /** The first owner, from the operator CLI (`staff:create`): its one-time password. */
    createFromCli: (actor: AuditActor, username: string, role: Role) =>
      members.create(actor, { username, role }),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

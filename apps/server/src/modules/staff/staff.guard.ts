import { createHash, timingSafeEqual } from 'node:crypto';
import {
  CSRF_HEADER,
  roleAllows,
  STAFF_SESSION_COOKIE,
  type Permission,
  type Role,
} from '@ampere/contract/admin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../../errors.js';
import type { RequestContext } from './sign-in.js';
import type { SignedInStaff } from './staff-sessions.js';

export { csrfTokenOf } from './staff-sessions.js';
import type { StaffService } from './staff.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A staff route: the permission it needs (docs/backoffice.md), checked by the staff guard. */
    permission?: Permission;
    /** A staff route open without a session: the two sign-in steps. */
    staffPublic?: boolean;
    /** A staff route open while a one-time password is still to be changed. */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    staff?: SignedInStaff;
  }
}

const READS = new Set(['GET', 'HEAD']);

const sameHash = (token: string, hash: string) => {
  const a = Buffer.from(createHash('sha256').update(token).digest('hex'));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const requestContext = (req: FastifyRequest): RequestContext => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  requestId: req.id,
});

/** The signed-in member of a staff route (the guard ran before the handler). */
export function staffOf(req: FastifyRequest): SignedInStaff {
  if (!req.staff) throw new Error('staff route reached without the staff guard');
  return req.staff;
}

/**
 * The staff API's one guard (docs/backoffice.md): every route names its permission in its
 * options (or is one of the public sign-in steps) — a route that names none fails at start, so
 * no handler checks by hand. For each request: the session cookie (a user's bearer token opens
 * nothing here), the CSRF header on every state-changing call, the one-time password changed,
 * then the role's permission; a refusal of a signed-in member is in the audit log.
 */
export function createStaffGuard(deps: { staff: StaffService }) {
  return {
    /** onRoute: refuses to register a staff route that names no permission. */
    checkRoute(route: RouteOptions): void {
      const config = route.config;
      const hidden = route.schema?.hide === true;
      if (!config?.permission && !config?.staffPublic && !hidden)
        throw new Error(`staff route ${String(route.method)} ${route.url} names no permission`);
    },

    /** onRequest: who is signed in, and whether they may do this. */
    async check(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const config = req.routeOptions.config;
      if (config.staffPublic || !config.permission) return;
      const token = req.cookies[STAFF_SESSION_COOKIE];
      const who = token ? await deps.staff.authenticate(token) : undefined;
      if (!who) throw new AppError('UNAUTHORIZED');
      if (!READS.has(req.method)) {
        const sent = req.headers[CSRF_HEADER];
        if (typeof sent !== 'string' || !sameHash(sent, who.csrfHash))
          throw new AppError('CSRF_TOKEN_INVALID');
      }
      req.staff = who;
      if (who.member.mustChangePassword && !config.beforePasswordChange)
        throw new AppError('PASSWORD_CHANGE_REQUIRED');
      if (!roleAllows(who.member.role as Role, config.permission)) {
        await deps.staff.refused(
          who,
          requestContext(req),
          config.permission,
          req.routeOptions.url ?? req.url,
        );
        throw new AppError('FORBIDDEN');
      }
    },
  };
}

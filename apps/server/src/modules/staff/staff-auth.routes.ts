import {
  STAFF_SESSION_COOKIE,
  staffCodeStepSchema,
  staffChallengeSchema,
  staffPasswordChangeSchema,
  staffPasswordStepSchema,
  staffSessionSchema,
} from '@ampere/contract/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { csrfTokenOf, requestContext, staffOf } from './staff.guard.js';
import type { StaffService } from './staff.service.js';

/** The cookie is sent to the staff API only, never readable by script, never cross-site. */
function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  void reply.setCookie(STAFF_SESSION_COOKIE, token, {
    path: '/api/admin/',
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    expires: expiresAt,
  });
}

/** The staff API's sign-in and the signed-in member's own session and password. */
export function staffAuthRoutes(services: { staff: StaffService }): FastifyPluginAsyncZod {
  const { staff } = services;
  return async (app) => {
    const tags = ['staff'];

    app.post(
      '/auth/password',
      {
        config: { staffPublic: true },
        schema: {
          tags,
          summary:
            'Sign-in, step 1: name and password → a challenge (and the TOTP secret to enrol)',
          body: staffPasswordStepSchema,
          response: responses(staffChallengeSchema),
        },
      },
      async (req) => ok(req, await staff.passwordStep(req.body, requestContext(req))),
    );

    app.post(
      '/auth/code',
      {
        config: { staffPublic: true },
        schema: {
          tags,
          summary: 'Sign-in, step 2: the challenge and the current TOTP code → the session cookie',
          body: staffCodeStepSchema,
          response: responses(staffSessionSchema),
        },
      },
      async (req, reply) => {
        const { member, session } = await staff.codeStep(req.body, requestContext(req));
        setSessionCookie(req, reply, session.token, session.expiresAt);
        return ok(req, staff.session(member, session.csrfToken, session));
      },
    );

    app.get(
      '/auth/session',
      {
        config: { permission: 'dashboard.read', beforePasswordChange: true },
        schema: {
          tags,
          summary: 'The signed-in member, their permissions and the CSRF token',
          querystring: clientQuery,
          response: responses(staffSessionSchema),
        },
      },
      async (req) => {
        const who = staffOf(req);
        const token = req.cookies[STAFF_SESSION_COOKIE] ?? '';
        return ok(req, staff.session(who.member, csrfTokenOf(token), who));
      },
    );

    app.post(
      '/auth/password-change',
      {
        config: { permission: 'dashboard.read', beforePasswordChange: true },
        schema: {
          tags,
          summary: "Change one's own password (first of all after a one-time password)",
          body: staffPasswordChangeSchema,
          response: responses(staffSessionSchema),
        },
      },
      async (req) => {
        const who = staffOf(req);
        const member = await staff.changePassword(who, req.body, requestContext(req));
        const token = req.cookies[STAFF_SESSION_COOKIE] ?? '';
        return ok(req, staff.session(member, csrfTokenOf(token), who));
      },
    );

    for (const [url, everywhere] of [
      ['/auth/logout', false],
      ['/auth/logout-all', true],
    ] as const) {
      app.post(
        url,
        {
          config: { permission: 'dashboard.read', beforePasswordChange: true },
          schema: {
            tags,
            summary: everywhere ? 'Sign out every session of this member' : 'Sign out',
            response: responses(z.null()),
          },
        },
        async (req, reply) => {
          await staff.signOut(staffOf(req), requestContext(req), everywhere);
          void reply.clearCookie(STAFF_SESSION_COOKIE, { path: '/api/admin/' });
          return ok(req, null);
        },
      );
    }
  };
}

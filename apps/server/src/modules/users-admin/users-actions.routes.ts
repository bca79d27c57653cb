// The Users area's actions: an account's status, a forced password reset, the member level.
import {
  userLevelChangeSchema,
  userPasswordResetResultSchema,
  userPasswordResetSchema,
  userStatusChangeSchema,
  userSummarySchema,
  userUidParams,
} from '@ampere/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { UsersAdminService } from './users-admin.service.js';

/** What staff may do to a user (users.manage, users.level), each action audited as its actor. */
export function usersActionRoutes(services: {
  usersAdmin: UsersAdminService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const { usersAdmin, staff } = services;
  const actorOf = (req: FastifyRequest) => staff.actor(staffOf(req).member, requestContext(req));

  return async (app) => {
    const tags = ['users'];

    app.post(
      '/users/:uid/status',
      {
        config: { permission: 'users.manage' },
        schema: {
          tags,
          summary: 'Disable (every session ends at once) or enable an account',
          params: userUidParams,
          body: userStatusChangeSchema,
          response: responses(userSummarySchema),
        },
      },
      async (req) => {
        const { status, reason } = req.body;
        return ok(req, await usersAdmin.setStatus(actorOf(req), req.params.uid, status, reason));
      },
    );

    app.post(
      '/users/:uid/password-reset',
      {
        config: { permission: 'users.manage' },
        schema: {
          tags,
          summary: 'A temporary sign-in password, answered once; every session ends',
          params: userUidParams,
          body: userPasswordResetSchema,
          response: responses(userPasswordResetResultSchema),
        },
      },
      async (req, reply) => {
        // The answer carries a password: no cache anywhere may keep it.
        void reply.header('cache-control', 'no-store');
        return ok(
          req,
          await usersAdmin.resetPassword(actorOf(req), req.params.uid, req.body.reason),
        );
      },
    );

    app.post(
      '/users/:uid/level',
      {
        config: { permission: 'users.level' },
        schema: {
          tags,
          summary: "Set a user's member level (0 Ordinary … 3 Premium)",
          params: userUidParams,
          body: userLevelChangeSchema,
          response: responses(userSummarySchema),
        },
      },
      async (req) => {
        const { level, reason } = req.body;
        return ok(req, await usersAdmin.setLevel(actorOf(req), req.params.uid, level, reason));
      },
    );
  };
}

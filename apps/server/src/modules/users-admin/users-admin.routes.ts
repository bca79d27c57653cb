import { loginHistorySchema, orderListSchema, statementPageSchema } from '@ampere/contract';
import { statementQuerySchema } from '@ampere/contract';
import {
  userDetailSchema,
  userLevelChangeSchema,
  userListSchema,
  userOrdersQuerySchema,
  userPageQuerySchema,
  userPasswordResetResultSchema,
  userPasswordResetSchema,
  userSearchQuerySchema,
  userStatusChangeSchema,
  userSummarySchema,
  userUidParams,
} from '@ampere/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { UsersAdminService } from './users-admin.service.js';

/** The back office's Users area (issue #13), under /api/admin/v1/users. */
export function usersAdminRoutes(services: {
  usersAdmin: UsersAdminService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const { usersAdmin, staff } = services;
  const actorOf = (req: FastifyRequest) => staff.actor(staffOf(req).member, requestContext(req));

  return async (app) => {
    const tags = ['users'];
    const read = { permission: 'users.read' } as const;

    app.get(
      '/users',
      {
        config: read,
        schema: {
          tags,
          summary: 'Users by uid, username or invite code (exact or prefix), newest first',
          querystring: userSearchQuerySchema.extend(clientQuery.shape),
          response: responses(userListSchema),
        },
      },
      async (req) => ok(req, await usersAdmin.search(req.query)),
    );

    app.get(
      '/users/:uid',
      {
        config: read,
        schema: {
          tags,
          summary: 'A user: profile, balances per currency and purpose, referrals',
          params: userUidParams,
          querystring: clientQuery,
          response: responses(userDetailSchema),
        },
      },
      async (req) => ok(req, await usersAdmin.detail(req.params.uid)),
    );

    app.get(
      '/users/:uid/statement',
      {
        config: read,
        schema: {
          tags,
          summary: "A user's ledger statement, newest first (the app's filters)",
          params: userUidParams,
          querystring: statementQuerySchema.extend(clientQuery.shape),
          response: responses(statementPageSchema),
        },
      },
      async (req) => ok(req, await usersAdmin.statement(req.params.uid, req.query, req.t)),
    );

    app.get(
      '/users/:uid/orders',
      {
        config: read,
        schema: {
          tags,
          summary: "A user's orders, open and settled, newest first",
          params: userUidParams,
          querystring: userOrdersQuerySchema.extend(clientQuery.shape),
          response: responses(orderListSchema),
        },
      },
      async (req) => ok(req, await usersAdmin.orders(req.params.uid, req.query, req.locale)),
    );

    app.get(
      '/users/:uid/logins',
      {
        config: read,
        schema: {
          tags,
          summary: "A user's recent sign-ins and failed attempts",
          params: userUidParams,
          querystring: clientQuery,
          response: responses(loginHistorySchema),
        },
      },
      async (req) => ok(req, await usersAdmin.logins(req.params.uid)),
    );

    app.get(
      '/users/:uid/referrals',
      {
        config: read,
        schema: {
          tags,
          summary: 'The accounts a user referred, newest first',
          params: userUidParams,
          querystring: userPageQuerySchema.extend(clientQuery.shape),
          response: responses(userListSchema),
        },
      },
      async (req) => ok(req, await usersAdmin.referrals(req.params.uid, req.query)),
    );

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

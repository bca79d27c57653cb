// The Users area's reads: search, a user's detail, statement, orders, sign-ins and referrals.
import { loginHistorySchema, orderListSchema, statementPageSchema } from '@ampere/contract';
import { statementQuerySchema } from '@ampere/contract';
import {
  userDetailSchema,
  userListSchema,
  userOrdersQuerySchema,
  userPageQuerySchema,
  userPracticeSchema,
  userSearchQuerySchema,
  userUidParams,
} from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../http/query.js';
import type { UsersAdminService } from './users-admin.service.js';

/** What staff with users.read see of users. */
export function usersReadRoutes(services: {
  usersAdmin: UsersAdminService;
}): FastifyPluginAsyncZod {
  const { usersAdmin } = services;

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
          querystring: withClientQuery(userSearchQuerySchema),
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
          querystring: withClientQuery(statementQuerySchema),
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
          querystring: withClientQuery(userOrdersQuerySchema),
          response: responses(orderListSchema),
        },
      },
      async (req) => ok(req, await usersAdmin.orders(req.params.uid, req.query, req.locale)),
    );

    app.get(
      '/users/:uid/practice',
      {
        config: read,
        schema: {
          tags,
          summary: "A user's practice book and practice orders in numbers (never real money)",
          params: userUidParams,
          querystring: clientQuery,
          response: responses(userPracticeSchema),
        },
      },
      async (req) => ok(req, await usersAdmin.practice(req.params.uid)),
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
          querystring: withClientQuery(userPageQuerySchema),
          response: responses(userListSchema),
        },
      },
      async (req) => ok(req, await usersAdmin.referrals(req.params.uid, req.query)),
    );
  };
}

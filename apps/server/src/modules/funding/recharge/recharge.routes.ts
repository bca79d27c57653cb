import {
  depositDetailSchema,
  detailQuerySchema,
  rechargeConfigSchema,
  rechargeDetailSchema,
  rechargeRequestSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../http/envelope.js';
import { clientQuery } from '../../../http/query.js';
import { authOf, type UserGuard } from '../../auth/auth.guard.js';
import type { FundingService } from '../funding.service.js';
import { keyOf } from '../staff-member.js';

export function rechargeRoutes({
  funding,
  guard,
}: {
  funding: FundingService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['funding'];
    const preHandler = guard.requireUser;
    app.get(
      '/user/recharge',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Recharge config: bank transfer to the receiving accounts, USDT per network, or closed',
          querystring: clientQuery,
          response: responses(rechargeConfigSchema),
        },
      },
      async (req) => ok(req, await funding.recharge.config(authOf(req).user.id, req.locale)),
    );
    app.post(
      '/user/recharge',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Declare a bank transfer, optionally with its receipt (an upload id): a pending recharge finance confirms (Idempotency-Key header)',
          body: rechargeRequestSchema,
          response: responses(rechargeDetailSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await funding.recharge.submit(
            authOf(req).user.id,
            req.body,
            keyOf(req),
            req.locale,
            req.t,
          ),
          'recharge_submitted',
        ),
    );
    app.get(
      '/user/rechargeDetail',
      {
        preHandler,
        schema: {
          tags,
          summary: 'One bank recharge of the caller’s, with its timeline',
          querystring: detailQuerySchema,
          response: responses(rechargeDetailSchema),
        },
      },
      async (req) =>
        ok(req, await funding.recharge.detail(authOf(req).user.id, BigInt(req.query.id), req.t)),
    );
    app.get(
      '/user/depositDetail',
      {
        preHandler,
        schema: {
          tags,
          summary: 'One USDT chain deposit of the caller’s: transaction, confirmations, credit',
          querystring: detailQuerySchema,
          response: responses(depositDetailSchema),
        },
      },
      async (req) =>
        ok(req, await funding.recharge.deposit(authOf(req).user.id, BigInt(req.query.id), req.t)),
    );
  };
}

import {
  exchangeListRequestSchema,
  exchangeListSchema,
  rechargeListQuerySchema,
  rechargeListSchema,
  withdrawListQuerySchema,
  withdrawListSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../http/envelope.js';
import { authOf, type UserGuard } from '../../auth/auth.guard.js';
import type { FundingService } from '../funding.service.js';

export function recordsRoutes({
  funding,
  guard,
}: {
  funding: FundingService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  const records = funding.records;
  return async (app) => {
    const tags = ['funding'];
    const preHandler = guard.requireUser;
    app.get(
      '/user/rechargeList',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Recharges — bank records and chain deposits merged — newest first',
          querystring: rechargeListQuerySchema,
          response: responses(rechargeListSchema),
        },
      },
      async (req) => ok(req, await records.recharges(authOf(req).user.id, req.query, req.t)),
    );
    app.get(
      '/user/withdrawList',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Withdrawals, newest first',
          querystring: withdrawListQuerySchema,
          response: responses(withdrawListSchema),
        },
      },
      async (req) => ok(req, await records.withdrawals(authOf(req).user.id, req.query, req.t)),
    );
    app.post(
      '/user/exchangeList',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Exchanges, newest first (form body, SPEC §7)',
          body: exchangeListRequestSchema,
          response: responses(exchangeListSchema),
        },
      },
      async (req) => ok(req, await records.exchanges(authOf(req).user.id, req.body, req.t)),
    );
  };
}

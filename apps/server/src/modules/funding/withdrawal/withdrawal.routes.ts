import {
  detailQuerySchema,
  withdrawalDetailSchema,
  withdrawCancelSchema,
  withdrawConfigSchema,
  withdrawPreviewQuerySchema,
  withdrawPreviewSchema,
  withdrawRequestSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../http/envelope.js';
import { clientQuery } from '../../../http/query.js';
import { authOf, type UserGuard } from '../../auth/auth.guard.js';
import type { FundingService } from '../funding.service.js';
import { keyOf } from '../staff-member.js';

export function withdrawalRoutes({
  funding,
  guard,
}: {
  funding: FundingService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  const w = funding.withdrawal;
  return async (app) => {
    const tags = ['funding'];
    const preHandler = guard.requireUser;
    app.get(
      '/user/withdraw',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Withdrawal rules: bounds, fees, daily count and window, destinations, or closed',
          querystring: clientQuery,
          response: responses(withdrawConfigSchema),
        },
      },
      async (req) => ok(req, await w.config(authOf(req).user, req.locale)),
    );
    app.get(
      '/user/withdrawPreview',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The exact fee and actual arrival of an amount, before confirming',
          querystring: withdrawPreviewQuerySchema,
          response: responses(withdrawPreviewSchema),
        },
      },
      async (req) => ok(req, await w.preview(req.query.currency, req.query.amount)),
    );
    app.post(
      '/user/withdraw',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Withdraw to the bound card (CNY) or a book address (USDT); held at once (Idempotency-Key header)',
          body: withdrawRequestSchema,
          response: responses(withdrawalDetailSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await w.request(authOf(req).user, req.body, keyOf(req), req.locale, req.t),
          'withdraw_success',
        ),
    );
    app.post(
      '/user/withdrawCancel',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Cancel a pending withdrawal before approval: refunded (Idempotency-Key header)',
          body: withdrawCancelSchema,
          response: responses(withdrawalDetailSchema),
        },
      },
      async (req) =>
        ok(req, await w.cancel(authOf(req).user, BigInt(req.body.id), keyOf(req), req.t)),
    );
    app.get(
      '/user/withdrawDetail',
      {
        preHandler,
        schema: {
          tags,
          summary: 'One withdrawal of the caller’s, with its timeline',
          querystring: detailQuerySchema,
          response: responses(withdrawalDetailSchema),
        },
      },
      async (req) => ok(req, await w.detail(authOf(req).user.id, BigInt(req.query.id), req.t)),
    );
  };
}

import { cashBindSchema, cashInfoSchema } from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../http/envelope.js';
import { clientQuery } from '../../../http/query.js';
import { authOf, type UserGuard } from '../../auth/auth.guard.js';
import type { FundingService } from '../funding.service.js';

export function cardsRoutes({
  funding,
  guard,
}: {
  funding: FundingService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['funding'];
    app.get(
      '/user/cashInfo',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'The bound bank card (masked), and the approved real name it must carry',
          querystring: clientQuery,
          response: responses(cashInfoSchema),
        },
      },
      async (req) => ok(req, await funding.cards.info(authOf(req).user.id)),
    );
    app.post(
      '/user/cashBind',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'Bind the bank card, or replace it (fund password)',
          body: cashBindSchema,
          response: responses(cashInfoSchema),
        },
      },
      async (req) => ok(req, await funding.cards.bind(authOf(req).user, req.body)),
    );
  };
}

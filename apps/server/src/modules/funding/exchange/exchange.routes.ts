import {
  detailQuerySchema,
  exchangeConfigSchema,
  exchangeDetailSchema,
  exchangeQuoteQuerySchema,
  exchangeQuoteSchema,
  exchangeRequestSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../http/envelope.js';
import { clientQuery } from '../../../http/query.js';
import { authOf, type UserGuard } from '../../auth/auth.guard.js';
import type { FundingService } from '../funding.service.js';
import { keyOf } from '../staff-member.js';

export function exchangeRoutes({
  funding,
  guard,
}: {
  funding: FundingService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  const ex = funding.exchange;
  return async (app) => {
    const tags = ['funding'];
    const preHandler = guard.requireUser;
    app.get(
      '/user/exchange',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Exchange config: rates (buy, sell), fee rate, max per exchange, balances',
          querystring: clientQuery,
          response: responses(exchangeConfigSchema),
        },
      },
      async (req) => ok(req, await ex.config(authOf(req).user.id)),
    );
    app.get(
      '/user/exchangeQuote',
      {
        preHandler,
        schema: {
          tags,
          summary: 'A quote with its exact arithmetic, held for 30 s',
          querystring: exchangeQuoteQuerySchema,
          response: responses(exchangeQuoteSchema),
        },
      },
      async (req) => ok(req, await ex.quote(authOf(req).user.id, req.query.from, req.query.amount)),
    );
    app.post(
      '/user/exchange',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Carry out a quote: refused when it expired or anything changed (Idempotency-Key header)',
          body: exchangeRequestSchema,
          response: responses(exchangeDetailSchema),
        },
      },
      async (req) => ok(req, await ex.exchange(authOf(req).user.id, req.body, keyOf(req), req.t)),
    );
    app.get(
      '/user/exchangeDetail',
      {
        preHandler,
        schema: {
          tags,
          summary: 'One exchange of the caller’s, with its arithmetic',
          querystring: detailQuerySchema,
          response: responses(exchangeDetailSchema),
        },
      },
      async (req) => ok(req, await ex.detail(authOf(req).user.id, BigInt(req.query.id), req.t)),
    );
  };
}

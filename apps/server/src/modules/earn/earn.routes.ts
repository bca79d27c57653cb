import {
  earnBuyRequestSchema,
  earnOrderDetailSchema,
  earnOrderListSchema,
  earnOrderQuerySchema,
  earnOrderSchema,
  earnOrdersQuerySchema,
  earnProductListSchema,
  earnProductQuerySchema,
  earnProductSchema,
  earnRedeemPreviewSchema,
  earnRedeemRequestSchema,
  earnSummarySchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { authOf, type UserGuard } from '../auth/auth.guard.js';
import type { EarnService } from './earn.service.js';

function idempotencyKey(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string') throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return key;
}

/** Earn for the signed-in user (docs/earn.md): products, subscribing, orders, redemption. */
export function earnRoutes(services: {
  earn: EarnService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  const { earn } = services;
  return async (app) => {
    const preHandler = services.guard.requireUser;
    const tags = ['earn'];

    app.get(
      '/user/earnProducts',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Earn products in sort order, with what the caller may still subscribe',
          querystring: clientQuery,
          response: responses(earnProductListSchema),
        },
      },
      async (req) => ok(req, { items: await earn.products(authOf(req).user.id, req.locale) }),
    );

    app.get(
      '/user/earnProduct',
      {
        preHandler,
        schema: {
          tags,
          summary: 'One Earn product',
          querystring: earnProductQuerySchema,
          response: responses(earnProductSchema),
        },
      },
      async (req) =>
        ok(req, await earn.product(authOf(req).user.id, BigInt(req.query.id), req.locale)),
    );

    app.post(
      '/user/earnBuy',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Subscribe to an Earn product (Idempotency-Key header required)',
          body: earnBuyRequestSchema,
          response: responses(earnOrderSchema),
        },
      },
      async (req) =>
        ok(req, await earn.subscribe(authOf(req).user, req.body, idempotencyKey(req), req.locale)),
    );

    app.get(
      '/user/earnOrders',
      {
        preHandler,
        schema: {
          tags,
          summary: "The caller's Earn orders in one tab (Hosting, Settled, Redeemed), newest first",
          querystring: earnOrdersQuerySchema,
          response: responses(earnOrderListSchema),
        },
      },
      async (req) => ok(req, await earn.orders(authOf(req).user.id, req.query, req.locale)),
    );

    app.get(
      '/user/earnOrder',
      {
        preHandler,
        schema: {
          tags,
          summary: 'One Earn order of the caller, with its day-by-day income',
          querystring: earnOrderQuerySchema,
          response: responses(earnOrderDetailSchema),
        },
      },
      async (req) =>
        ok(req, await earn.order(authOf(req).user.id, BigInt(req.query.id), req.locale)),
    );

    app.get(
      '/user/earnRedeemPreview',
      {
        preHandler,
        schema: {
          tags,
          summary: 'What redeeming a Hosting order now returns: principal, damages, refund',
          querystring: earnOrderQuerySchema,
          response: responses(earnRedeemPreviewSchema),
        },
      },
      async (req) => ok(req, await earn.redeemPreview(authOf(req).user.id, BigInt(req.query.id))),
    );

    app.post(
      '/user/earnRedeem',
      {
        preHandler,
        schema: {
          tags,
          summary:
            "Redeem early, sending the preview's figures back: refused (6008) unless still exact (Idempotency-Key)",
          body: earnRedeemRequestSchema,
          response: responses(earnOrderSchema),
        },
      },
      async (req) =>
        ok(req, await earn.redeem(authOf(req).user, req.body, idempotencyKey(req), req.locale)),
    );

    app.get(
      '/user/earnSummary',
      {
        preHandler,
        schema: {
          tags,
          summary: "Per currency: principal held, interest earned, yesterday's income",
          querystring: clientQuery,
          response: responses(earnSummarySchema),
        },
      },
      async (req) => ok(req, await earn.summary(authOf(req).user.id)),
    );
  };
}

import {
  buyRequestSchema,
  openOrdersQuerySchema,
  openOrdersSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  periodsQuerySchema,
  periodsSchema,
  receiptQuerySchema,
  receiptSchema,
  tradeLimitsRequestSchema,
  tradeLimitsSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { authOf, type UserGuard } from '../auth/auth.guard.js';
import type { TradingService } from './trading.service.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';

export function tradingRoutes(services: {
  trading: TradingService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = services.guard.requireUser;
    const tags = ['trading'];

    app.get(
      '/trade/periods',
      {
        schema: {
          tags,
          summary: "A product's periods: seconds, payout rate and stake limits per currency",
          querystring: periodsQuerySchema,
          response: responses(periodsSchema),
        },
      },
      async (req) => {
        const items = await services.trading.periods(req.query.symbol);
        if (!items) throw new AppError('PRODUCT_NOT_FOUND');
        return ok(req, { symbol: req.query.symbol, items });
      },
    );

    app.post(
      '/user/buy',
      {
        // Signed in, checked by the order's own statement (inSession): one round trip.
        schema: {
          tags,
          summary:
            'Place a fixed-time order (Idempotency-Key header required); book=practice: the practice book',
          body: buyRequestSchema,
          response: responses(orderSchema),
        },
      },
      async (req, reply) => {
        const key = req.headers['idempotency-key'];
        if (req.body.book === 'practice') {
          // The practice book may need opening first: the session is checked on its own.
          await services.guard.requireUser(req, reply);
          if (typeof key !== 'string') throw new AppError('IDEMPOTENCY_KEY_INVALID');
          const userId = authOf(req).user.id;
          return ok(req, await services.trading.buy(userId, req.body, key, req.locale));
        }
        const order = await services.guard.inSession(req, reply, (probe) => {
          if (typeof key !== 'string') throw new AppError('IDEMPOTENCY_KEY_INVALID');
          return services.trading.buyInSession(probe, req.body, key, req.locale);
        });
        return ok(req, order);
      },
    );

    app.get(
      '/user/newOrderList',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "The caller's open orders with seconds remaining, soonest expiry first",
          querystring: openOrdersQuerySchema,
          response: responses(openOrdersSchema),
        },
      },
      async (req) =>
        ok(req, {
          items: await services.trading.openOrders(
            authOf(req).user.id,
            req.query.symbol,
            req.locale,
            req.query.book,
          ),
        }),
    );

    app.get(
      '/user/orderList',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "The caller's settled orders, newest first",
          querystring: orderListQuerySchema,
          response: responses(orderListSchema),
        },
      },
      async (req) =>
        ok(req, await services.trading.closedOrders(authOf(req).user.id, req.query, req.locale)),
    );

    app.get(
      '/user/tradeLimits',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "The caller's responsible-trading limits and today's figures",
          querystring: clientQuery,
          response: responses(tradeLimitsSchema),
        },
      },
      async (req) => ok(req, await services.trading.limits(authOf(req).user.id)),
    );

    app.post(
      '/user/tradeLimits',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Set daily loss and trade-count limits and the result reminder (empty: none)',
          body: tradeLimitsRequestSchema,
          response: responses(tradeLimitsSchema),
        },
      },
      async (req) => ok(req, await services.trading.setLimits(authOf(req).user.id, req.body)),
    );

    app.get(
      '/user/orderReceipt',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'An order with its strike and exit ticks, the covering chain head and a check',
          querystring: receiptQuerySchema,
          response: responses(receiptSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await services.trading.receipt(authOf(req).user.id, BigInt(req.query.id), req.locale),
        ),
    );
  };
}

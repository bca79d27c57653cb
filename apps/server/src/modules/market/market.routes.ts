import {
  chainHeadsQuerySchema,
  chainHeadsSchema,
  chainVerifyQuerySchema,
  chainVerifySchema,
  klineQuerySchema,
  klineSchema,
  productListSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { MarketService } from './market.service.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';

/** Public market data: anyone may read prices, candles and the tick chain. */
export function marketRoutes(services: { market: MarketService }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['market'];

    app.get(
      '/market/products',
      {
        schema: {
          tags,
          summary: 'Products with last price and 24 h statistics',
          querystring: clientQuery,
          response: responses(productListSchema),
        },
      },
      async (req) => ok(req, { items: await services.market.products(req.locale) }),
    );

    app.get(
      '/market/kline',
      {
        schema: {
          tags,
          summary: 'Candles of one symbol and interval, oldest first',
          querystring: klineQuerySchema,
          response: responses(klineSchema),
        },
      },
      async (req) => {
        const { symbol, interval, before, limit } = req.query;
        const kline = await services.market.kline(symbol, interval, before, limit);
        if (!kline) throw new AppError('PRODUCT_NOT_FOUND');
        return ok(req, kline);
      },
    );

    app.get(
      '/market/chain/heads',
      {
        schema: {
          tags,
          summary: 'Chain heads published every minute, newest first',
          querystring: chainHeadsQuerySchema,
          response: responses(chainHeadsSchema),
        },
      },
      async (req) => {
        const items = await services.market.heads(req.query.symbol, req.query.limit);
        if (!items) throw new AppError('PRODUCT_NOT_FOUND');
        return ok(req, { items, publicKey: services.market.chainPublicKey() });
      },
    );

    app.get(
      '/market/chain/verify',
      {
        schema: {
          tags,
          summary: 'Re-check a run of a symbol’s tick hash chain, with its ticks',
          querystring: chainVerifyQuerySchema,
          response: responses(chainVerifySchema),
        },
      },
      async (req) => {
        const { symbol, from, to, limit } = req.query;
        const verdict = await services.market.verify(
          symbol,
          from === undefined ? undefined : BigInt(from),
          limit,
          to === undefined ? undefined : BigInt(to),
        );
        if (!verdict) throw new AppError('PRODUCT_NOT_FOUND');
        return ok(req, verdict);
      },
    );
  };
}

import {
  adminEarnProductListSchema,
  adminEarnProductSchema,
  earnProductChangeSchema,
  earnProductParams,
} from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { EarnService } from './earn.service.js';

/** Earn products in the back office: read with earn.read, created and edited with earn.products. */
export function earnStaffRoutes(services: {
  earn: EarnService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const { earn, staff } = services;
  return async (app) => {
    const tags = ['earn'];

    app.get(
      '/earn/products',
      {
        config: { permission: 'earn.read' },
        schema: {
          tags,
          summary: 'Every Earn product with its terms, what was subscribed and what is Hosting',
          querystring: clientQuery,
          response: responses(adminEarnProductListSchema),
        },
      },
      async (req) => ok(req, { items: await earn.adminProducts() }),
    );

    app.post(
      '/earn/products',
      {
        config: { permission: 'earn.products' },
        schema: {
          tags,
          summary: 'Create an Earn product',
          body: earnProductChangeSchema,
          response: responses(adminEarnProductSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        return ok(req, await earn.createProduct(who, req.body));
      },
    );

    app.post(
      '/earn/products/:id',
      {
        config: { permission: 'earn.products' },
        schema: {
          tags,
          summary: "An Earn product's terms, whole (subscriptions from now on; orders keep theirs)",
          params: earnProductParams,
          body: earnProductChangeSchema,
          response: responses(adminEarnProductSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        return ok(req, await earn.changeProduct(who, BigInt(req.params.id), req.body));
      },
    );
  };
}

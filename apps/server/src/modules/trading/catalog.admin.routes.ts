import {
  adminProductListSchema,
  adminProductSchema,
  periodChangeSchema,
  productChangeSchema,
} from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { CatalogAdmin } from './catalog-admin.js';

/**
 * Products and periods in the back office (issue #13): read with settings.read, changed with
 * settings.products. Changes apply to orders placed afterwards, on every node within 2 s.
 */
export function catalogStaffRoutes(services: {
  trading: CatalogAdmin;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const { trading, staff } = services;
  return async (app) => {
    const tags = ['settings'];

    app.get(
      '/settings/products',
      {
        config: { permission: 'settings.read' },
        schema: {
          tags,
          summary: 'Every product in sort order, with its state and every period',
          querystring: clientQuery,
          response: responses(adminProductListSchema),
        },
      },
      async (req) => ok(req, { items: await trading.adminProducts(req.locale) }),
    );

    app.post(
      '/settings/products',
      {
        config: { permission: 'settings.products' },
        schema: {
          tags,
          summary: 'Open or close a product for new orders, and set its place in the list',
          body: productChangeSchema,
          response: responses(adminProductSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        return ok(req, await trading.changeProduct(who, req.body, req.locale));
      },
    );

    app.post(
      '/settings/periods',
      {
        config: { permission: 'settings.products' },
        schema: {
          tags,
          summary:
            "A period's payout rate, stake limits per currency and whether it is offered (new orders only)",
          body: periodChangeSchema,
          response: responses(adminProductSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        return ok(req, await trading.changePeriod(who, req.body, req.locale));
      },
    );
  };
}

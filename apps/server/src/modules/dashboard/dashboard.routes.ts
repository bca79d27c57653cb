import { dashboardSchema } from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import type { DashboardService } from './dashboard.service.js';

/** The back office's landing page (issue #13). */
export function dashboardStaffRoutes(services: {
  dashboard: DashboardService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      {
        config: { permission: 'dashboard.read' },
        schema: {
          tags: ['dashboard'],
          summary:
            "Pending queues, today's journals per kind, open exposure, the last reconciliation, the feed",
          querystring: clientQuery,
          response: responses(dashboardSchema),
        },
      },
      async (req) => ok(req, await services.dashboard.dashboard()),
    );
  };
}

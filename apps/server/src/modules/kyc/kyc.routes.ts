import { realnameAuthRequestSchema, realnameAuthSchema } from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { authOf, type UserGuard } from '../auth/auth.guard.js';
import type { KycService } from './kyc.service.js';

/** POST user/realnameAuth and GET user/getRealnameAuth (SPEC §7, docs/kyc.md). */
export function kycRoutes(services: { kyc: KycService; guard: UserGuard }): FastifyPluginAsyncZod {
  const { kyc, guard } = services;
  return async (app) => {
    const tags = ['kyc'];

    app.post(
      '/user/realnameAuth',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary:
            'Submit the real name, ID number and both sides (upload ids); after a decline, only the declined sides',
          querystring: clientQuery,
          body: realnameAuthRequestSchema,
          response: responses(realnameAuthSchema),
        },
      },
      async (req) => ok(req, await kyc.submit(authOf(req).user.id, req.body)),
    );

    app.get(
      '/user/getRealnameAuth',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'The caller’s verification: state, reasons per side, number masked',
          querystring: clientQuery,
          response: responses(realnameAuthSchema),
        },
      },
      async (req) => ok(req, await kyc.status(authOf(req).user.id)),
    );
  };
}

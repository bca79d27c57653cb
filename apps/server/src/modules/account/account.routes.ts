import { homeSchema, qrcodeSchema } from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requestOrigin, requireUser } from '../../http/auth.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import type { Services } from '../../services.js';

export function accountRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireUser(services);
    const tags = ['account'];

    app.get(
      '/user/home',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Profile for the Mine tab',
          querystring: clientQuery,
          response: responses(homeSchema),
        },
      },
      async (req) => ok(req, await services.account.home(authOf(req).user)),
    );

    app.get(
      '/user/getMyQrcode',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Invite code and share link',
          querystring: clientQuery,
          response: responses(qrcodeSchema),
        },
      },
      async (req) =>
        ok(
          req,
          services.account.qrcode(
            authOf(req).user,
            services.common.publicOrigin(requestOrigin(req)),
          ),
        ),
    );
  };
}

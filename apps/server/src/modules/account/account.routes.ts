import { homeSchema, qrcodeSchema } from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../http/origin.js';
import { authOf, type UserGuard } from '../auth/auth.guard.js';
import type { CommonService } from '../common/common.service.js';
import type { AccountService } from './account.service.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';

export function accountRoutes(services: {
  account: AccountService;
  common: CommonService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = services.guard.requireUser;
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

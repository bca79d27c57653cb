import { agreementSchema, baseConfigSchema } from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../http/origin.js';
import type { ContentService } from '../content/content.service.js';
import type { CommonService } from './common.service.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';

export function commonRoutes(services: {
  common: CommonService;
  content: ContentService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/common/base',
      {
        // A blocked address still loads the config: it names where the app sends the user.
        config: { openWhenBlocked: true },
        schema: {
          tags: ['common'],
          summary: 'App config loaded at launch',
          querystring: clientQuery,
          response: responses(baseConfigSchema),
        },
      },
      async (req, reply) => {
        // Launch config is per host and changes with operator settings: never from a cache.
        reply.header('cache-control', 'no-store');
        return ok(req, await services.common.baseConfig(requestOrigin(req), req.locale));
      },
    );

    app.get(
      '/common/userServiceAgreement',
      {
        schema: {
          tags: ['common'],
          summary:
            'The user service agreement in force (its version and date) in the caller’s language',
          querystring: clientQuery,
          response: responses(agreementSchema),
        },
      },
      async (req) => ok(req, await services.content.agreements.agreement(req.locale)),
    );
  };
}

import { userLevelSchema } from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { authOf, type UserGuard } from '../auth/auth.guard.js';
import type { LevelsService } from './levels.service.js';

/** GET user/level: the Mine tab's level card. */
export function levelsRoutes(services: {
  levels: LevelsService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/level',
      {
        preHandler: services.guard.requireUser,
        schema: {
          tags: ['account'],
          summary: 'Member level: the level, progress per currency, what the next level needs',
          querystring: clientQuery,
          response: responses(userLevelSchema),
        },
      },
      async (req) => ok(req, await services.levels.userLevel(authOf(req).user.id)),
    );
  };
}

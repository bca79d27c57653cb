import { practiceAccountSchema, practiceResetRequestSchema } from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../errors.js';
import { ok, responses } from '../../../http/envelope.js';
import { clientQuery } from '../../../http/query.js';
import { authOf, type UserGuard } from '../../auth/auth.guard.js';
import type { TradingService } from '../trading.service.js';

/**
 * The practice book (docs/trading-rules.md, Practice): read it, reset it. Practice orders go
 * through `POST user/buy` with `book=practice`; their lists through `book=practice` too.
 */
export function practiceRoutes(services: {
  trading: TradingService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = services.guard.requireUser;
    const tags = ['trading'];

    app.get(
      '/user/practice',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "The caller's practice book (opened with the starting balance on first read)",
          querystring: clientQuery,
          response: responses(practiceAccountSchema),
        },
      },
      async (req) => ok(req, await services.trading.practiceAccount(authOf(req).user.id)),
    );

    app.post(
      '/user/practiceReset',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'Reset the practice book to the starting balance: not while practice orders are open, once an hour (Idempotency-Key)',
          body: practiceResetRequestSchema,
          response: responses(practiceAccountSchema),
        },
      },
      async (req) => {
        const key = req.headers['idempotency-key'];
        if (typeof key !== 'string') throw new AppError('IDEMPOTENCY_KEY_INVALID');
        return ok(req, await services.trading.resetPractice(authOf(req).user.id, key));
      },
    );
  };
}

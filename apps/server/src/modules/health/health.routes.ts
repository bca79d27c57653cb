import { ERRORS, healthSchema } from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import type { HealthService } from './health.service.js';

/**
 * Liveness says the process answers; readiness says it can do work (database, and Redis when
 * configured). A load balancer takes a process out of rotation on a non-200 /readyz.
 */
export function healthRoutes(services: { health: HealthService }): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['health'], response: responses(healthSchema) };

    app.get('/healthz', { schema, config: { rateLimit: false } }, async (req) =>
      ok(req, { status: 'ok' as const }),
    );

    app.get('/readyz', { schema, config: { rateLimit: false } }, async (req, reply) => {
      const ready = await services.health.ready();
      if (ready) return ok(req, { status: 'ok' as const });
      return reply.code(ERRORS.SERVICE_UNAVAILABLE.status).send({
        code: ERRORS.SERVICE_UNAVAILABLE.code,
        msg: req.t('errors.service_unavailable'),
        data: { status: 'unavailable' as const },
      });
    });
  };
}

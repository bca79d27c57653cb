import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@ampere/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * An API's own OpenAPI 3.1 document (`<prefix>/openapi.json`) and reference page
 * (`<prefix>/docs`), of the routes registered in `scope` only: the user API and the staff API
 * each have theirs, and neither lists the other's routes.
 */
export async function registerApiDocs(
  scope: FastifyInstance,
  info: { title: string; description: string },
): Promise<void> {
  await scope.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { ...info, version: APP_VERSION },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await scope.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  scope.get('/openapi.json', { schema: { hide: true } }, () => scope.swagger());
}

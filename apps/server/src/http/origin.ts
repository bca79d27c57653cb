import type { FastifyRequest } from 'fastify';

/** Where this request came in (`http://host:port`); PUBLIC_URL overrides it where links are made. */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

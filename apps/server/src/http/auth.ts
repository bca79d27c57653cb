import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Authenticated, ClientContext } from '../modules/auth/auth.service.js';
import { bearerToken } from '../modules/auth/tokens.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Authenticated;
  }
}

export function clientContext(req: FastifyRequest): ClientContext {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

/**
 * preHandler for every signed-in route: a missing, unknown, expired or revoked token is 401
 * (the client returns to login); a disabled account is ACCOUNT_DISABLED with the address to send
 * the user to. A rotated token goes back in the `Authorization` response header (SPEC §7).
 */
export function requireUser(services: Services) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED');
    let auth: Authenticated | undefined;
    try {
      auth = await services.auth.authenticate(token);
    } catch (error) {
      if (error instanceof AppError && error.def.key === 'account_disabled') {
        throw new AppError(
          'ACCOUNT_DISABLED',
          {},
          { redirect: await services.common.blackRunUrl(requestOrigin(req)) },
        );
      }
      throw error;
    }
    if (!auth) throw new AppError('UNAUTHORIZED');
    req.auth = auth;
    if (auth.newToken) reply.header('authorization', `Bearer ${auth.newToken}`);
  };
}

/** The signed-in user of a route behind requireUser. */
export function authOf(req: FastifyRequest): Authenticated {
  if (!req.auth) throw new Error('route is missing the requireUser preHandler');
  return req.auth;
}

export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

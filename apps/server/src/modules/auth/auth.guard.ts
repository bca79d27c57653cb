import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { LiveSession } from '../modules/auth/auth.repository.js';
import type { Authenticated, ClientContext, SessionProbe } from '../modules/auth/auth.service.js';
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
      throw await withRedirect(services, req, error);
    }
    if (!auth) throw new AppError('UNAUTHORIZED');
    req.auth = auth;
    if (auth.newToken) reply.header('authorization', `Bearer ${auth.newToken}`);
  };
}

/**
 * For a signed-in route whose own statement checks the session, instead of requireUser
 * (AuthService.inSessionStatement; POST user/buy): `work` returns undefined when the token names
 * no live session of an enabled account, and the answer is then requireUser's — 401, or
 * ACCOUNT_DISABLED. A rotated token goes back in the `Authorization` header.
 */
export async function inSession<T>(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  work: (probe: SessionProbe) => Promise<{ session: LiveSession; value: T } | undefined>,
): Promise<T> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new AppError('UNAUTHORIZED');
  let done: { value: T; newToken?: string } | undefined;
  try {
    done = await services.auth.inSessionStatement(token, work);
  } catch (error) {
    throw await withRedirect(services, req, error);
  }
  if (!done) throw new AppError('UNAUTHORIZED');
  if (done.newToken) reply.header('authorization', `Bearer ${done.newToken}`);
  return done.value;
}

/** A disabled account's refusal carries the address to send the user to; others pass as they are. */
async function withRedirect(
  services: Services,
  req: FastifyRequest,
  error: unknown,
): Promise<unknown> {
  if (error instanceof AppError && error.def.key === 'account_disabled') {
    return new AppError(
      'ACCOUNT_DISABLED',
      {},
      { redirect: await services.common.blackRunUrl(requestOrigin(req)) },
    );
  }
  return error;
}

/** The signed-in user of a route behind requireUser. */
export function authOf(req: FastifyRequest): Authenticated {
  if (!req.auth) throw new Error('route is missing the requireUser preHandler');
  return req.auth;
}

export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { requestOrigin } from '../../http/origin.js';
import type { LiveSession } from './auth.repository.js';
import type { Authenticated, AuthService, ClientContext, SessionProbe } from './auth.service.js';
import { bearerToken } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Authenticated;
  }
}

export function clientContext(req: FastifyRequest): ClientContext {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

export interface UserGuardDeps {
  auth: AuthService;
  /** Where a disabled account is sent (common/base's Black_run), for this request's origin. */
  blackRunUrl(requestOrigin: string): Promise<string>;
}

/** The user side's guard: who is signed in, for routes under /api/v1. */
export function createUserGuard(deps: UserGuardDeps) {
  /**
   * A disabled account's refusal carries the address to send the user to (SPEC §4, config
   * `Black_run`); any other error passes as it is.
   */
  async function withRedirect(req: FastifyRequest, error: unknown): Promise<unknown> {
    if (error instanceof AppError && error.def.key === 'account_disabled') {
      return new AppError(
        'ACCOUNT_DISABLED',
        {},
        { redirect: await deps.blackRunUrl(requestOrigin(req)) },
      );
    }
    return error;
  }

  return {
    withRedirect,

    /**
     * preHandler for every signed-in route: a missing, unknown, expired or revoked token is 401
     * (the client returns to login); a disabled account is ACCOUNT_DISABLED with the address to
     * send the user to. A rotated token goes back in the `Authorization` response header (SPEC §7).
     */
    requireUser: async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const token = bearerToken(req.headers.authorization);
      if (!token) throw new AppError('UNAUTHORIZED');
      let auth: Authenticated | undefined;
      try {
        auth = await deps.auth.authenticate(token);
      } catch (error) {
        throw await withRedirect(req, error);
      }
      if (!auth) throw new AppError('UNAUTHORIZED');
      req.auth = auth;
      if (auth.newToken) reply.header('authorization', `Bearer ${auth.newToken}`);
    },

    /**
     * For a signed-in route whose own statement checks the session, instead of requireUser
     * (AuthService.inSessionStatement; POST user/buy): `work` returns undefined when the token
     * names no live session of an enabled account, and the answer is then requireUser's — 401,
     * or ACCOUNT_DISABLED. A rotated token goes back in the `Authorization` header.
     */
    inSession: async <T>(
      req: FastifyRequest,
      reply: FastifyReply,
      work: (probe: SessionProbe) => Promise<{ session: LiveSession; value: T } | undefined>,
    ): Promise<T> => {
      const token = bearerToken(req.headers.authorization);
      if (!token) throw new AppError('UNAUTHORIZED');
      let done: { value: T; newToken?: string } | undefined;
      try {
        done = await deps.auth.inSessionStatement(token, work);
      } catch (error) {
        throw await withRedirect(req, error);
      }
      if (!done) throw new AppError('UNAUTHORIZED');
      if (done.newToken) reply.header('authorization', `Bearer ${done.newToken}`);
      return done.value;
    },
  };
}

export type UserGuard = ReturnType<typeof createUserGuard>;

/** The signed-in user of a route behind requireUser. */
export function authOf(req: FastifyRequest): Authenticated {
  if (!req.auth) throw new Error('route is missing the requireUser preHandler');
  return req.auth;
}

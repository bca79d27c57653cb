import {
  findPasswordSchema,
  fundPasswordChangeSchema,
  isUsedMpwdSchema,
  loginHistorySchema,
  loginRequestSchema,
  loginResponseSchema,
  passwordChangeSchema,
  registerRequestSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, clientContext, type UserGuard } from './auth.guard.js';
import type { AuthService } from './auth.service.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';

const none = z.null();

export function authRoutes(services: {
  auth: AuthService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = services.guard.requireUser;
    const tags = ['account'];

    app.post(
      '/user/register',
      {
        schema: {
          tags,
          summary: 'Create an account and sign in',
          querystring: clientQuery,
          body: registerRequestSchema,
          response: responses(loginResponseSchema),
        },
      },
      async (req) =>
        ok(req, await services.auth.register(req.body, clientContext(req)), 'register_success'),
    );

    app.post(
      '/user/login',
      {
        schema: {
          tags,
          summary: 'Sign in',
          querystring: clientQuery,
          body: loginRequestSchema,
          response: responses(loginResponseSchema),
        },
      },
      async (req) => {
        try {
          return ok(req, await services.auth.login(req.body, clientContext(req)), 'login_success');
        } catch (error) {
          // A disabled account signing in is sent where every other refusal of it sends it.
          throw await services.guard.withRedirect(req, error);
        }
      },
    );

    app.post(
      '/user/logout',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Sign out this device',
          querystring: clientQuery,
          response: responses(none),
        },
      },
      async (req) => {
        await services.auth.logout(authOf(req), clientContext(req));
        return ok(req, null, 'logout_success');
      },
    );

    app.post(
      '/user/password',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Change the sign-in password (signs out everywhere)',
          querystring: clientQuery,
          body: passwordChangeSchema,
          response: responses(none),
        },
      },
      async (req) => {
        await services.auth.changePassword(authOf(req), req.body, clientContext(req));
        return ok(req, null, 'password_changed');
      },
    );

    app.post(
      '/user/mpassword',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Set or change the fund password',
          querystring: clientQuery,
          body: fundPasswordChangeSchema,
          response: responses(none),
        },
      },
      async (req) => {
        await services.auth.changeFundPassword(authOf(req), req.body, clientContext(req));
        return ok(req, null, 'fund_password_changed');
      },
    );

    app.get(
      '/user/isUsedMpwd',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Whether a fund password is set',
          querystring: clientQuery,
          response: responses(isUsedMpwdSchema),
        },
      },
      async (req) => ok(req, { used: authOf(req).user.fundPasswordHash !== null }),
    );

    app.post(
      '/user/findPassword',
      {
        schema: {
          tags,
          summary: 'Reset the password with the username and fund password',
          querystring: clientQuery,
          body: findPasswordSchema,
          response: responses(none),
        },
      },
      async (req) => {
        await services.auth.findPassword(req.body, clientContext(req));
        return ok(req, null, 'password_reset');
      },
    );

    app.get(
      '/user/loginHistory',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Recent sign-ins of this account',
          querystring: clientQuery,
          response: responses(loginHistorySchema),
        },
      },
      async (req) => ok(req, await services.auth.loginHistory(authOf(req).user.id)),
    );
  };
}

import {
  withdrawAddressAddSchema,
  withdrawAddressDeleteSchema,
  withdrawAddressesSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../http/envelope.js';
import { clientQuery } from '../../../http/query.js';
import { authOf, type UserGuard } from '../../auth/auth.guard.js';
import type { FundingService } from '../funding.service.js';

export function addressesRoutes({
  funding,
  guard,
}: {
  funding: FundingService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['funding'];
    const preHandler = guard.requireUser;
    app.get(
      '/user/withdrawAddresses',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The USDT withdrawal address book and the networks on offer',
          querystring: clientQuery,
          response: responses(withdrawAddressesSchema),
        },
      },
      async (req) => ok(req, await funding.addresses.list(authOf(req).user.id)),
    );
    app.post(
      '/user/withdrawAddress',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Add an address (fund password); usable for withdrawals 24 h later',
          body: withdrawAddressAddSchema,
          response: responses(withdrawAddressesSchema),
        },
      },
      async (req) => ok(req, await funding.addresses.add(authOf(req).user, req.body)),
    );
    app.post(
      '/user/withdrawAddressDelete',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Delete an address from the book',
          body: withdrawAddressDeleteSchema,
          response: responses(withdrawAddressesSchema),
        },
      },
      async (req) =>
        ok(req, await funding.addresses.remove(authOf(req).user.id, BigInt(req.body.id))),
    );
  };
}

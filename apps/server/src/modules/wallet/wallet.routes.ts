import {
  balanceSchema,
  STATEMENT_EXPORT_MAX,
  statementExportQuerySchema,
  statementLinePageSchema,
  statementQuerySchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type UserGuard } from '../auth/auth.guard.js';
import type { WalletService } from './wallet.service.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { statementCsv, statementLinesCsv } from './statement-csv.js';

export function walletRoutes(services: {
  wallet: WalletService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = services.guard.requireUser;
    const tags = ['wallet'];

    app.get(
      '/user/balance',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Balances per currency: available, frozen (itemized), total',
          querystring: clientQuery,
          response: responses(balanceSchema),
        },
      },
      async (req) => ok(req, await services.wallet.balance(authOf(req).user.id)),
    );

    app.get(
      '/user/assetsRecent',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Recent balance changes, newest first',
          querystring: statementQuerySchema,
          response: responses(statementLinePageSchema),
        },
      },
      async (req) =>
        ok(req, await services.wallet.statementPage(authOf(req).user.id, req.query, req.t)),
    );

    app.get(
      '/user/financialRecords',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Financial records with filters',
          querystring: statementQuerySchema,
          response: responses(statementLinePageSchema),
        },
      },
      async (req) =>
        ok(req, await services.wallet.statementPage(authOf(req).user.id, req.query, req.t)),
    );

    app.get(
      '/user/financialRecords/export',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: `The caller's statement as CSV (newest first, at most ${STATEMENT_EXPORT_MAX} rows; view=postings for the double-entry view)`,
          querystring: statementExportQuerySchema,
        },
      },
      async (req, reply) => {
        const userId = authOf(req).user.id;
        const h = (key: string) => req.t(`statement.${key}`);
        const body =
          req.query.view === 'postings'
            ? statementCsv(
                await services.wallet.statementAll(userId, req.query, req.t, STATEMENT_EXPORT_MAX),
                {
                  time: h('time'),
                  kind: h('kind'),
                  currency: h('currency'),
                  account: h('account'),
                  amount: h('amount'),
                  balanceAfter: h('balanceAfter'),
                  reference: h('reference'),
                },
              )
            : statementLinesCsv(
                await services.wallet.statementLinesAll(
                  userId,
                  req.query,
                  req.t,
                  STATEMENT_EXPORT_MAX,
                ),
                {
                  time: h('time'),
                  kind: h('kind'),
                  currency: h('currency'),
                  available: h('available'),
                  frozen: h('frozen'),
                  availableAfter: h('availableAfter'),
                  frozenAfter: h('frozenAfter'),
                  balanceAfter: h('balanceAfter'),
                  reference: h('reference'),
                },
              );
        const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="ampere-statement-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
}

import {
  balanceSchema,
  STATEMENT_EXPORT_MAX,
  statementPageSchema,
  statementQuerySchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type UserGuard } from '../auth/auth.guard.js';
import type { WalletService } from './wallet.service.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { statementCsv } from './statement-csv.js';

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
          response: responses(statementPageSchema),
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
          response: responses(statementPageSchema),
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
          summary: `The caller's statement as CSV (newest first, at most ${STATEMENT_EXPORT_MAX} rows)`,
          querystring: statementQuerySchema,
        },
      },
      async (req, reply) => {
        const items = await services.wallet.statementAll(
          authOf(req).user.id,
          req.query,
          req.t,
          STATEMENT_EXPORT_MAX,
        );
        const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="ampere-statement-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .send(
            statementCsv(items, {
              time: req.t('statement.time'),
              kind: req.t('statement.kind'),
              currency: req.t('statement.currency'),
              account: req.t('statement.account'),
              amount: req.t('statement.amount'),
              balanceAfter: req.t('statement.balanceAfter'),
              reference: req.t('statement.reference'),
            }),
          );
      },
    );
  };
}

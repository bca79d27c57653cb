import { defineModule } from '../module.js';
import { createLedgerService } from './ledger.service.js';
import { reconcileJob } from './reconcile.job.js';

/** The double-entry ledger: the only writer of money tables (docs/ledger.md). */
export const ledgerModule = defineModule({
  name: 'ledger',
  create: ({ now }) => createLedgerService(now ? { now } : {}),
  jobs: (_services: object, { db, env }) => [reconcileJob(db, env.RECONCILE_EVERY_MS)],
  seed: (db) => createLedgerService().openSystemAccounts(db),
});

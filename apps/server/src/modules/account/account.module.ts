import { defineModule } from '../module.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';

/** The signed-in user's profile and invite code. */
export const accountModule = defineModule({
  name: 'account',
  create: ({ db }, { ledger }: { ledger: LedgerService }) => createAccountService({ db, ledger }),
  routes: accountRoutes,
});

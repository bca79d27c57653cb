import { defineModule } from '../module.js';
import type { AuthService } from '../auth/auth.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';

/** The signed-in user's profile and invite code. */
export const accountModule = defineModule({
  name: 'account',
  create: ({ db }, { ledger, auth }: { ledger: LedgerService; auth: AuthService }) =>
    createAccountService({ db, ledger, users: auth.users }),
  routes: accountRoutes,
});

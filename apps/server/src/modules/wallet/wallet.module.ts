import { defineModule } from '../module.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { walletRoutes } from './wallet.routes.js';
import { createWalletService } from './wallet.service.js';

/** Balances and the statement. */
export const walletModule = defineModule({
  name: 'wallet',
  create: ({ db }, { ledger }: { ledger: LedgerService }) => createWalletService({ db, ledger }),
  routes: walletRoutes,
});

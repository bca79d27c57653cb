import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { defineModule } from '../module.js';
import type { LevelsService } from '../levels/levels.service.js';
import type { TradingService } from '../trading/trading.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { usersAdminRoutes } from './users-admin.routes.js';
import { createUsersAdminService } from './users-admin.service.js';

/** The back office's Users area (issue #13): staff routes over auth, wallet and trading. */
export const usersAdminModule = defineModule({
  name: 'usersAdmin',
  create: (
    _platform,
    deps: {
      auth: AuthService;
      wallet: WalletService;
      trading: TradingService;
      audit: AuditService;
      levels: LevelsService;
    },
  ) => createUsersAdminService(deps),
  staffRoutes: usersAdminRoutes,
});

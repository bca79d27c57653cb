import { accessModule } from './access/access.module.js';
import { accountModule } from './account/account.module.js';
import { adjustmentsModule } from './adjustments/adjustments.module.js';
import { auditModule } from './audit/audit.module.js';
import { chainModule } from './funding/chain/chain.module.js';
import { authModule, guardModule } from './auth/auth.module.js';
import { commonModule } from './common/common.module.js';
import { contentModule } from './content/content.module.js';
import { earnModule } from './earn/earn.module.js';
import { dashboardModule } from './dashboard/dashboard.module.js';
import { fundingModule } from './funding/funding.module.js';
import { healthModule } from './health/health.module.js';
import { kycModule } from './kyc/kyc.module.js';
import { ledgerModule } from './ledger/ledger.module.js';
import { levelsModule } from './levels/levels.module.js';
import { marketModule } from './market/market.module.js';
import { notificationsModule } from './notifications/notifications.module.js';
import type { ServicesOf, Unmet } from './module.js';
import { opsModule } from './ops/ops.module.js';
import { realtimeModule } from './realtime/realtime.module.js';
import { settingsModule } from './settings/settings.module.js';
import { staffModule } from './staff/staff.module.js';
import { tradingModule } from './trading/trading.module.js';
import { uploadsModule } from './uploads/uploads.module.js';
import { usersAdminModule } from './users-admin/users-admin.module.js';
import { walletModule } from './wallet/wallet.module.js';

/**
 * Every server module, in the order their services are made: a module comes after those it
 * needs. app.ts (services, routes), main.ts (jobs), bootstrap.ts (seeds) and the ops CLI loop
 * over this list; adding a module is its manifest and one line here.
 */
export const MODULES = [
  auditModule,
  settingsModule,
  contentModule,
  ledgerModule,
  notificationsModule,
  levelsModule,
  staffModule,
  marketModule,
  commonModule,
  accessModule,
  authModule,
  guardModule,
  accountModule,
  walletModule,
  tradingModule,
  usersAdminModule,
  adjustmentsModule,
  chainModule,
  uploadsModule,
  kycModule,
  fundingModule,
  earnModule,
  dashboardModule,
  realtimeModule,
  opsModule,
  healthModule,
] as const;

export type Services = ServicesOf<typeof MODULES>;

// Compile-time: every manifest's `create`, `routes` and `jobs` get the services they name.
// A missing one fails to compile here, naming the modules left short.
export const MODULES_WIRED: [Unmet<typeof MODULES>] extends [never] ? true : Unmet<typeof MODULES> =
  true;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSealedBox } from '../../crypto/sealed.js';
import type { AuditService } from '../audit/audit.service.js';
import type { UserGuard } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import type { KycService } from '../kyc/kyc.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { defineModule } from '../module.js';
import type { LevelsService } from '../levels/levels.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StaffService } from '../staff/staff.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { addressesRoutes } from './addresses/addresses.routes.js';
import { cardsRoutes } from './cards/cards.routes.js';
import type { ChainService } from './chain/chain.service.js';
import { exchangeRoutes } from './exchange/exchange.routes.js';
import { rechargeExpiryJob } from './funding.jobs.js';
import { createFundingService, type FundingService } from './funding.service.js';
import { rechargeRoutes } from './recharge/recharge.routes.js';
import { rechargeStaffRoutes } from './recharge/recharge.staff.routes.js';
import { recordsRoutes } from './records/records.routes.js';
import { fundingSettingsStaffRoutes } from './settings.staff.routes.js';
import { withdrawalRoutes } from './withdrawal/withdrawal.routes.js';
import { withdrawalStaffRoutes } from './withdrawal/withdrawal.staff.routes.js';

interface RouteServices {
  funding: FundingService;
  guard: UserGuard;
  staff: StaffService;
}
type UserRoutes = (s: { funding: FundingService; guard: UserGuard }) => FastifyPluginAsyncZod;
type StaffRoutes = (s: { funding: FundingService; staff: StaffService }) => FastifyPluginAsyncZod;

const userRoutes: UserRoutes[] = [
  cardsRoutes,
  addressesRoutes,
  rechargeRoutes,
  withdrawalRoutes,
  exchangeRoutes,
  recordsRoutes,
];
const staffRoutes: StaffRoutes[] = [
  rechargeStaffRoutes,
  withdrawalStaffRoutes,
  fundingSettingsStaffRoutes,
];

/** Funding (issue #14): bank cards, addresses, recharge, withdrawal, exchange, the trackers. */
export const fundingModule = defineModule({
  name: 'funding',
  create: (
    { db, bus, now, env },
    deps: {
      ledger: LedgerService;
      notifications: NotificationsService;
      levels: LevelsService;
      audit: AuditService;
      auth: AuthService;
      settings: SettingsService;
      kyc: KycService;
      chain: ChainService;
      uploads: UploadsService;
    },
  ) =>
    createFundingService({
      db,
      bus,
      now: now ?? (() => new Date()),
      ledger: deps.ledger,
      notifications: deps.notifications,
      levels: deps.levels,
      audit: deps.audit,
      auth: deps.auth,
      settings: deps.settings,
      box: createSealedBox({ key: env.DATA_ENCRYPTION_KEY, dataDir: env.DATA_DIR }),
      // USDT on a chain: no networks when no EVM node is configured (docs/chain.md).
      chain: deps.chain,
      // Cards carry the approved real name, and a setting can require one to withdraw.
      identity: deps.kyc,
      // The optional transfer receipt of a bank recharge (purpose `recharge_proof`).
      uploads: deps.uploads,
    }),
  routes: (services: RouteServices) => async (app) => {
    for (const routes of userRoutes) await app.register(routes(services));
  },
  staffRoutes: (services: RouteServices) => async (app) => {
    for (const routes of staffRoutes) await app.register(routes(services));
  },
  jobs: ({ funding }: { funding: FundingService }) => [rechargeExpiryJob(funding)],
});

import type { AdjustmentsService } from '../adjustments/adjustments.service.js';
import type { KycService } from '../kyc/kyc.service.js';
import type { FundingService } from '../funding/funding.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { MarketService } from '../market/market.service.js';
import { defineModule } from '../module.js';
import type { CatalogAdmin } from '../trading/catalog-admin.js';
import { dashboardStaffRoutes } from './dashboard.routes.js';
import { createDashboardService, type QueueSource } from './dashboard.service.js';

/**
 * The work queues the dashboard lists: one entry per module with work waiting for staff, its
 * service named in the parameter's type (that module is listed before this one). A module
 * without such work adds nothing, and the dashboard shows no queue for it.
 */
const queuesOf = ({
  adjustments,
  funding,
  kyc,
}: {
  adjustments: AdjustmentsService;
  funding: FundingService;
  kyc: KycService;
}): QueueSource[] => [
  () => adjustments.pendingQueue(),
  () => funding.rechargeReview.pendingQueue(),
  () => funding.withdrawalReview.pendingQueue('pending'),
  () => funding.withdrawalReview.pendingQueue('approved'),
  () => kyc.pendingQueue(),
];

type Needs = {
  ledger: LedgerService;
  trading: CatalogAdmin;
  market: MarketService;
} & Parameters<typeof queuesOf>[0];

/** The back office's landing page: read-only, from other modules' services. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  create: ({ db, now, env }, services: Needs) =>
    createDashboardService({
      db,
      now: now ?? (() => new Date()),
      ledger: services.ledger,
      trading: services.trading,
      market: services.market,
      configured: { feed: env.MARKET_FEED, publishes: env.MARKET_FEED_PUBLISH },
      queues: queuesOf(services),
    }),
  staffRoutes: dashboardStaffRoutes,
});

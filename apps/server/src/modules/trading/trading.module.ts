import type { AuditService } from '../audit/audit.service.js';
import { defineModule } from '../module.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { MarketService } from '../market/market.service.js';
import { createMarketService } from '../market/market.service.js';
import type { LevelsService } from '../levels/levels.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { catalogStaffRoutes } from './catalog.admin.routes.js';
import { createCatalogAdmin } from './catalog-admin.js';
import { seedPeriods } from './catalog.js';
import { settlementJob } from './settlement.job.js';
import type { SettingsService } from '../settings/settings.service.js';
import { practiceRoutes } from './practice/practice.routes.js';
import { tradingRoutes } from './trading.routes.js';
import { createTradingService, type TradingService } from './trading.service.js';

/** What the user routes and the staff routes use (one type for both, as the manifest has). */
type RouteNeeds = Parameters<typeof tradingRoutes>[0] & Parameters<typeof catalogStaffRoutes>[0];

/**
 * Fixed-time trading: buying, settlement, receipts, limits (docs/trading-rules.md), and the back
 * office's edits of products and periods (catalog-admin.ts).
 */
export const tradingModule = defineModule({
  name: 'trading',
  create: (
    { db, bus, now, metrics },
    {
      ledger,
      market,
      audit,
      settings,
      notifications,
      levels,
    }: {
      ledger: LedgerService;
      market: MarketService;
      audit: AuditService;
      settings: SettingsService;
      notifications: NotificationsService;
      levels: LevelsService;
    },
  ) => {
    const trading = createTradingService({
      db,
      ledger,
      market,
      notifications,
      levels,
      bus,
      practiceStart: settings.practiceStart,
      observe: metrics.trading,
      ...(now ? { now: () => now().getTime() } : {}),
    });
    const invalidateCatalog = trading.invalidateCatalog;
    return { ...trading, ...createCatalogAdmin({ db, market, audit, invalidateCatalog }) };
  },
  routes: (services: RouteNeeds) => async (app) => {
    await app.register(tradingRoutes(services));
    await app.register(practiceRoutes(services));
  },
  staffRoutes: (services: RouteNeeds) => catalogStaffRoutes(services),
  // Every process settles: claims skip rows another process holds, so none settles twice.
  jobs: ({ trading }: { trading: TradingService }) => [settlementJob(trading)],
  seed: (db) => seedPeriods(db, createMarketService({ db })),
});

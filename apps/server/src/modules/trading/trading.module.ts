import { defineModule } from '../module.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { MarketService } from '../market/market.service.js';
import { createMarketService } from '../market/market.service.js';
import { seedPeriods } from './catalog.js';
import { settlementJob } from './settlement.job.js';
import { tradingRoutes } from './trading.routes.js';
import { createTradingService, type TradingService } from './trading.service.js';

/** Fixed-time trading: buying, settlement, receipts, limits (docs/trading-rules.md). */
export const tradingModule = defineModule({
  name: 'trading',
  create: (
    { db, bus, now },
    { ledger, market }: { ledger: LedgerService; market: MarketService },
  ) =>
    createTradingService({
      db,
      ledger,
      market,
      bus,
      ...(now ? { now: () => now().getTime() } : {}),
    }),
  routes: tradingRoutes,
  // Every process settles: claims skip rows another process holds, so none settles twice.
  jobs: ({ trading }: { trading: TradingService }) => [settlementJob(trading)],
  seed: (db) => seedPeriods(db, createMarketService({ db })),
});

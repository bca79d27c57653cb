import { defineModule } from '../module.js';
import { createChainSigner, headsFileAppender } from './chain-signing.js';
import { marketJobs } from './market.jobs.js';
import { marketRoutes } from './market.routes.js';
import { createMarketService, type MarketService } from './market.service.js';

/** Products, ticks, candles and the signed tick chain (docs/market.md). */
export const marketModule = defineModule({
  name: 'market',
  create: ({ db, bus, now, env }) =>
    createMarketService({
      db,
      bus,
      ...(now ? { now: () => now().getTime() } : {}),
      signer: createChainSigner({ key: env.CHAIN_SIGNING_KEY, dataDir: env.DATA_DIR }),
      appendHeads: headsFileAppender(env.DATA_DIR),
    }),
  routes: marketRoutes,
  // Only nodes that may publish campaign for the feed's leadership (MARKET_FEED_PUBLISH).
  jobs: ({ market }: { market: MarketService }, { env, db }, log) =>
    env.MARKET_FEED_PUBLISH
      ? marketJobs({
          market,
          log,
          feed: env.MARKET_FEED,
          backfill: { seed: env.MARKET_BACKFILL_SEED, days: env.MARKET_BACKFILL_DAYS },
          exchangeUrl: env.MARKET_FEED_URL,
          outlierBps: env.MARKET_OUTLIER_BPS,
          db,
          tickRetentionMs: env.MARKET_TICK_RETENTION_DAYS * 86_400_000,
        })
      : [],
  seed: (db) => createMarketService({ db }).seedProducts(),
});

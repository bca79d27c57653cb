import { defineModule } from '../module.js';
import type { MarketService } from '../market/market.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { commonRoutes } from './common.routes.js';
import { createCommonService } from './common.service.js';

/** Feeds whose prices are generated here rather than taken from a market; the UI labels them. */
const SIMULATED_FEEDS: ReadonlySet<string> = new Set(['simulated']);

/** common/base and the user agreement: what the client reads before anything else. */
export const commonModule = defineModule({
  name: 'common',
  create: ({ env }, { settings, market }: { settings: SettingsService; market: MarketService }) =>
    createCommonService({
      settings,
      publicUrl: env.PUBLIC_URL,
      feedSimulated: SIMULATED_FEEDS.has(env.MARKET_FEED),
      chainPublicKey: market.chainPublicKey(),
    }),
  routes: commonRoutes,
});

import type { Db } from '../../db/client.js';
import type { Bus } from '../realtime/bus.js';
import type { ChainSigner, HeadFields } from './chain-signing.js';
import { createChainHeads } from './chain-heads.js';
import { createChainProofs } from './chain-proofs.js';
import { createMarketAdmin } from './admin.js';
import { createHistory } from './history.js';
import { createMarketRepository } from './market.repository.js';
import { createPrices, STALE_AFTER_MS } from './prices.js';
import { DEFAULT_PRODUCTS, demoProducts } from './products.seed.js';

export { STALE_AFTER_MS } from './prices.js';

export interface MarketServiceDeps {
  db: Db;
  now?: () => number;
  bus?: Bus;
  /** Signs chain heads (chain-signing.ts); without one, heads are recorded unsigned. */
  signer?: ChainSigner;
  /** Appends each signed head where the database cannot rewrite it (DATA_DIR). */
  appendHeads?: (heads: (HeadFields & { signature: string })[]) => Promise<void>;
}

/**
 * The market, composed from its use cases: prices (prices.ts), checking the chain
 * (chain-proofs.ts), publishing its heads (chain-heads.ts), the simulated feed's backfilled
 * history (history.ts) and the back office's (admin.ts).
 */
export function createMarketService(deps: MarketServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repo = () => createMarketRepository(db);

  async function scaleOf(symbol: string): Promise<number | undefined> {
    return (await repo().products()).find((p) => p.symbol === symbol)?.priceScale;
  }

  return {
    ...createMarketAdmin({ db, now, staleAfterMs: STALE_AFTER_MS }),

    seedProducts: () => repo().insertMissingProducts(DEFAULT_PRODUCTS),

    /**
     * Adds the first `count` demonstration products (products.seed.ts `demoProducts`) that are
     * missing, through the seed's own path; the simulated feed ticks them from its next round.
     * Returns the demo symbols the catalogue now has.
     */
    async addDemoProducts(count: number): Promise<string[]> {
      const rows = demoProducts(count);
      await repo().insertMissingProducts(rows);
      const symbols = new Set((await repo().products()).map((p) => p.symbol));
      return rows.map((r) => r.symbol).filter((s) => symbols.has(s));
    },

    ...createPrices({ ...deps, now, scaleOf }),
    ...createChainProofs({ db, scaleOf }),
    ...createChainHeads({ ...deps, now, scaleOf }),
    ...createHistory({ db, now }),

    productsForFeed: () => repo().products(),
    lastTick: (symbol: string) => repo().lastTick(symbol),
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
export type { ProductRow } from './market.repository.js';

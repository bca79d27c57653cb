import type { FeedState, ProductChange } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { createMarketAdminRepository } from './admin.repository.js';
import { createMarketRepository, type ProductRow } from './market.repository.js';

/** The leader group whose leader runs the feed (db/lock-keys.ts `LEADER_GROUPS`). */
export const FEED_LEADER_GROUP = 'marketFeed';
/** How often the feed's leader says it leads. */
export const FEED_LEADER_BEAT_MS = 5_000;
/** A leader silent this long (three beats) is shown as gone. */
export const FEED_LEADER_ALIVE_MS = 15_000;

export interface FeedLeaderBeat {
  node: string;
  feed: 'simulated' | 'exchange';
  electedAt: Date;
  seenAt: Date;
}

/**
 * The market's back-office side: editing a product's trading state and place, and what the
 * dashboard shows of the feed. `staleAfterMs` is when a product without ticks counts as paused.
 */
export function createMarketAdmin(deps: { db: Db; now: () => number; staleAfterMs: number }) {
  const { db, now, staleAfterMs } = deps;

  return {
    /**
     * Sets a product's trading state and sort order inside the caller's transaction, the row
     * locked meanwhile: the row before and after, or undefined when there is no such product.
     * The trading catalog reads it within its TTL (trading/catalog.ts).
     */
    async editProduct(
      tx: Db,
      change: ProductChange,
    ): Promise<{ before: ProductRow; after: ProductRow } | undefined> {
      const repo = createMarketAdminRepository(tx);
      const before = await repo.productForUpdate(change.symbol);
      if (!before) return undefined;
      const after = await repo.updateProduct(change.symbol, {
        tradingState: change.tradingState,
        sortOrder: change.sortOrder,
      });
      return { before, after };
    },

    /** The feed's leader says it leads (market.jobs.ts, every FEED_LEADER_BEAT_MS). */
    recordFeedLeader: (beat: FeedLeaderBeat) =>
      createMarketAdminRepository(db).saveFeedLeader({ group: FEED_LEADER_GROUP, ...beat }),

    /** Who publishes prices, and each product's state and last tick (the dashboard). */
    async feedState(): Promise<Omit<FeedState, 'configured'>> {
      const market = createMarketRepository(db);
      const [products, leader] = await Promise.all([
        market.products(),
        createMarketAdminRepository(db).feedLeader(FEED_LEADER_GROUP),
      ]);
      const lasts = await Promise.all(products.map((p) => market.lastTick(p.symbol)));
      const at = now();
      return {
        leader: leader
          ? {
              node: leader.node,
              feed: leader.feed === 'exchange' ? 'exchange' : 'simulated',
              electedAt: leader.electedAt.toISOString(),
              seenAt: leader.seenAt.toISOString(),
              alive: at - leader.seenAt.getTime() <= FEED_LEADER_ALIVE_MS,
            }
          : null,
        products: products.map((p, i) => {
          const last = lasts[i];
          const closed = p.tradingState === 'closed';
          const stale = !last || at - last.timeMs > staleAfterMs;
          return {
            symbol: p.symbol,
            tradingState: closed ? 'closed' : 'open',
            state: closed ? 'closed' : stale ? 'paused' : 'open',
            lastTickAt: last ? new Date(last.timeMs).toISOString() : null,
          };
        }),
      };
    },
  };
}

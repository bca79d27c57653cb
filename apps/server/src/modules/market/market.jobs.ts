import { campaignForLeadership, LEADER_KEYS, type LeaderLog } from '../../db/leader.js';
import { createExchangeFeed } from './exchange-feed.js';
import { createTickGate, type MarketFeed } from './feed.js';
import type { MarketService } from './market.service.js';
import { pruneMarketData } from './retention.js';
import { createSimulatedFeed } from './simulated-feed.js';
import type { Db } from '../../db/client.js';

export type FeedKind = 'simulated' | 'exchange';

export interface PublisherOptions {
  market: MarketService;
  log: LeaderLog;
  feed: FeedKind;
  /** PostgreSQL URL for the leader lock; absent on the embedded database (always leader). */
  databaseUrl: string | undefined;
  exchangeUrl: string;
  outlierBps: number;
  /** For the retention job (the leader prunes). */
  db: Db;
  tickRetentionMs: number;
  retentionEveryMs?: number;
  headsEveryMs?: number;
  /** How often followers try for the lock and the leader checks it holds it. */
  leaderRetryMs?: number;
}

/** The venue lists crypto quoted in USDT; the rest of the catalogue has no ticks from it. */
async function exchangeSymbols(market: MarketService): Promise<string[]> {
  return (await market.productsForFeed())
    .filter(
      (p) => p.tradingState === 'open' && p.category === 'crypto' && p.symbol.endsWith('/USDT'),
    )
    .map((p) => p.symbol);
}

function createFeed(opts: PublisherOptions): MarketFeed {
  if (opts.feed === 'simulated') return createSimulatedFeed(opts.market, { log: opts.log });
  const gate = createTickGate({ market: opts.market, log: opts.log, maxJumpBps: opts.outlierBps });
  return createExchangeFeed({
    url: opts.exchangeUrl,
    symbols: () => exchangeSymbols(opts.market),
    gate,
    log: opts.log,
  });
}

/**
 * The process that holds the market-feed leadership (db/leader.ts) runs the feed, records the
 * chain heads every minute and prunes old ticks hourly (retention.ts); the others only serve and follow (ticks reach their sockets over the
 * bus). Losing the lock stops the feed at once.
 */
export function startMarketPublisher(opts: PublisherOptions): { stop(): Promise<void> } {
  let feed: MarketFeed | undefined;
  let heads: NodeJS.Timeout | undefined;
  let retention: NodeJS.Timeout | undefined;
  const stopWork = async () => {
    if (heads) clearInterval(heads);
    if (retention) clearInterval(retention);
    heads = undefined;
    retention = undefined;
    const running = feed;
    feed = undefined;
    await running?.stop();
  };
  const leadership = campaignForLeadership({
    databaseUrl: opts.databaseUrl,
    key: LEADER_KEYS.marketFeed,
    log: opts.log,
    ...(opts.leaderRetryMs === undefined ? {} : { retryMs: opts.leaderRetryMs }),
    callbacks: {
      onElected: () => {
        feed = createFeed(opts);
        feed.start();
        heads = setInterval(() => {
          opts.market.publishHeads().catch((error: unknown) => {
            opts.log.warn({ err: error }, 'publishing chain heads failed');
          });
        }, opts.headsEveryMs ?? 60_000);
        heads.unref();
        retention = setInterval(() => {
          pruneMarketData({ db: opts.db, nowMs: Date.now(), retentionMs: opts.tickRetentionMs })
            .then((report) => {
              if (report.ticksPruned + report.candlesPruned > 0) {
                opts.log.info({ ...report }, 'market data retention');
              }
            })
            .catch((error: unknown) => {
              opts.log.warn({ err: error }, 'market data retention failed');
            });
        }, opts.retentionEveryMs ?? 3_600_000);
        retention.unref();
      },
      onDeposed: () => {
        stopWork().catch((error: unknown) => {
          opts.log.warn({ err: error }, 'stopping the feed failed');
        });
      },
    },
  });
  return {
    async stop() {
      await leadership.stop();
      await stopWork();
    },
  };
}

import { hostname } from 'node:os';
import { defineJob, type Job } from '../../jobs/runner.js';
import { FEED_LEADER_BEAT_MS } from './admin.js';
import { createExchangeFeed } from './exchange-feed.js';
import { createTickGate, type GateLog, type MarketFeed } from './feed.js';
import type { BackfillOptions } from './history.js';
import type { MarketService } from './market.service.js';
import { pruneMarketData } from './retention.js';
import { createSimulatedFeed } from './simulated-feed.js';
import type { Db } from '../../db/client.js';

export type FeedKind = 'simulated' | 'exchange';

export interface PublisherOptions {
  market: MarketService;
  log: GateLog;
  feed: FeedKind;
  /** The simulated feed's history on its first start (history.ts); none for `exchange`. */
  backfill?: BackfillOptions;
  exchangeUrl: string;
  outlierBps: number;
  /** For the retention job (the leader prunes). */
  db: Db;
  tickRetentionMs: number;
  retentionEveryMs?: number;
  headsEveryMs?: number;
  /** How often the leader records that it leads (default FEED_LEADER_BEAT_MS). */
  leaderBeatMs?: number;
}

/**
 * The venue lists crypto quoted in USDT; the rest of the catalogue has no ticks from it. Closed
 * products are followed too: closing stops new orders, never the prices open orders settle on.
 */
async function exchangeSymbols(market: MarketService): Promise<string[]> {
  return (await market.productsForFeed())
    .filter((p) => p.category === 'crypto' && p.symbol.endsWith('/USDT'))
    .map((p) => p.symbol);
}

function createFeed(opts: PublisherOptions): MarketFeed {
  if (opts.feed === 'simulated') {
    const { backfill } = opts;
    return createSimulatedFeed(opts.market, {
      log: opts.log,
      ...(backfill && { backfill: (p, atMs) => opts.market.backfill(p, atMs, backfill) }),
    });
  }
  // A venue's trades have no history here: its stream offers no replay, and nothing is made up.
  const gate = createTickGate({ market: opts.market, log: opts.log, maxJumpBps: opts.outlierBps });
  return createExchangeFeed({
    url: opts.exchangeUrl,
    symbols: () => exchangeSymbols(opts.market),
    gate,
    log: opts.log,
  });
}

/**
 * The market's jobs, all run by the leader of the `marketFeed` group (only nodes with
 * MARKET_FEED_PUBLISH campaign): the feed, the chain heads every minute and hourly retention
 * (retention.ts). The other nodes only serve and follow: ticks reach their sockets over the bus.
 * Losing the lock stops the feed at once.
 */
export function marketJobs(opts: PublisherOptions): Job[] {
  return [
    defineJob({
      name: 'market.feed',
      mode: 'leader',
      group: 'marketFeed',
      start: () => {
        const feed = createFeed(opts);
        feed.start();
        return { stop: () => feed.stop() };
      },
    }),
    defineJob({
      // Says which node publishes, and which feed it runs, where every node can read it.
      name: 'market.leader',
      mode: 'leader',
      group: 'marketFeed',
      start: (ctx) => {
        const node = `${hostname()}:${process.pid}`;
        const electedAt = new Date();
        const beat = () =>
          opts.market
            .recordFeedLeader({ node, feed: opts.feed, electedAt, seenAt: new Date() })
            .catch((error: unknown) => {
              ctx.log.warn({ err: error }, 'market.leader: beacon not recorded');
            })
            .finally(() => {
              last = undefined;
            });
        let last: Promise<void> | undefined = beat();
        const timer = setInterval(() => {
          // A beat still under way (a slow database) is not queued behind: the next one waits.
          if (last) return;
          last = beat();
        }, opts.leaderBeatMs ?? FEED_LEADER_BEAT_MS);
        timer.unref();
        return {
          stop: async () => {
            clearInterval(timer);
            await last;
          },
        };
      },
    }),
    defineJob({
      name: 'market.heads',
      mode: 'leader',
      group: 'marketFeed',
      everyMs: opts.headsEveryMs ?? 60_000,
      run: async () => {
        await opts.market.publishHeads();
        return undefined;
      },
    }),
    defineJob({
      name: 'market.retention',
      mode: 'leader',
      group: 'marketFeed',
      everyMs: opts.retentionEveryMs ?? 3_600_000,
      run: async () => {
        const report = await pruneMarketData({
          db: opts.db,
          nowMs: Date.now(),
          retentionMs: opts.tickRetentionMs,
        });
        return report.ticksPruned + report.candlesPruned > 0
          ? { msg: 'market data retention', fields: { ...report } }
          : undefined;
      },
    }),
  ];
}

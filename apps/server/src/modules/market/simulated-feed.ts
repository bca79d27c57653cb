import { parseScaled, VOLUME_SCALE } from '@ampere/contract';
import type { BackfillResult } from './history.js';
import type { MarketService, ProductRow } from './market.service.js';
import { secureRandom, step } from './random-walk.js';

export interface FeedLogger {
  info?(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * A symbol's history before the feed's first start (history.ts): the backfilled start price the
 * walk continues from, or undefined when nothing is backfilled.
 */
export type Backfiller = (p: ProductRow, atMs: number) => Promise<BackfillResult | undefined>;

/** About two ticks a second per symbol (issue #5). */
export const SIMULATED_TICK_MS = 500;

/**
 * A plausible trade size behind a simulated tick: a notional of 10 to about 20,000 in the quote
 * currency, skewed towards small trades, as a base-asset quantity at VOLUME_SCALE.
 */
export function simulatedQty(random: () => number, priceMinor: bigint, priceScale: number): bigint {
  const notional = BigInt(Math.floor(random() ** 3 * 20_000) + 10);
  return (notional * 10n ** BigInt(VOLUME_SCALE + priceScale)) / priceMinor;
}

/**
 * The default feed, a demonstration source rather than a market: a random walk per product
 * (open or closed: closing a product stops new orders, never its prices, so orders already
 * placed settle on the feed and not on the switch) whose every draw comes from the CSPRNG (`secureRandom`), so no one can predict it from public
 * data or steer it. Only the price level carries over from the last recorded tick (after a
 * restart or a failed round); the path from there is new. The UI labels these prices
 * "Simulated" (config `feedSimulated`).
 *
 * With `backfill`, a symbol without a recorded tick first gets its history (candles only, from a
 * seed: backfill.ts) ending at the price its walk then starts from, so the charts and the 24 h
 * figures have something to show from the first start. The walk itself stays unseeded.
 */
export function createSimulatedFeed(
  market: MarketService,
  opts: { now?: () => number; log?: FeedLogger; backfill?: Backfiller } = {},
) {
  const now = opts.now ?? Date.now;
  const random = secureRandom();
  const walkers = new Map<string, { price: bigint; at: number }>();

  /** One round: a tick for every product. */
  async function tickAll(): Promise<number> {
    let published = 0;
    for (const p of await market.productsForFeed()) {
      let walker = walkers.get(p.symbol);
      if (!walker) {
        const last = await market.lastTick(p.symbol);
        const at = now();
        // History is a nicety: should writing it fail, the prices go on without it.
        const history = last
          ? undefined
          : await opts.backfill?.(p, at).catch((error: unknown) => {
              opts.log?.warn({ err: error, symbol: p.symbol }, 'market history not backfilled');
              return undefined;
            });
        if (history?.written) {
          opts.log?.info?.({ symbol: p.symbol, ...history.written }, 'market history backfilled');
        }
        walker = {
          price:
            last?.priceMinor ?? history?.startPrice ?? parseScaled(p.initialPrice, p.priceScale),
          at: last?.timeMs ?? at,
        };
        walkers.set(p.symbol, walker);
      }
      const t = Math.max(now(), walker.at);
      const price = step(walker.price, Math.max(1, t - walker.at), {
        random,
        volatilityBps: p.volatilityBps,
        scale: p.priceScale,
      });
      await market.recordTick(
        p.symbol,
        t,
        price,
        p.priceScale,
        simulatedQty(random, price, p.priceScale),
      );
      walker.price = price;
      walker.at = t;
      published++;
    }
    return published;
  }

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let round: Promise<void> = Promise.resolve();
  return {
    tickAll,
    start(everyMs = SIMULATED_TICK_MS) {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        round = tickAll()
          .then(() => undefined)
          .catch((error: unknown) => {
            // A lost race on the chain (another process publishing) or a transient database
            // error: forget cached state and continue from what is recorded next round.
            walkers.clear();
            opts.log?.warn({ err: error }, 'simulated feed round failed');
          })
          .finally(() => {
            running = false;
          });
      }, everyMs);
      timer.unref();
    },
    /** Stops the rounds and waits for the one in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      await round;
    },
  };
}

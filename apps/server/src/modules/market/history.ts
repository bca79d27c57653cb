// Backfilling a symbol's history before the simulated feed's first start (backfill.ts).
import { performance } from 'node:perf_hooks';
import { parseScaled } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { generateBackfill } from './backfill.js';
import { createBackfillRepository } from './backfill.repository.js';
import type { ProductRow } from './market.repository.js';

export interface BackfillOptions {
  /** MARKET_BACKFILL_SEED: the same seed and start minute give the same history. */
  seed: string;
  /** MARKET_BACKFILL_DAYS: 0 backfills nothing. */
  days: number;
}

export interface BackfillResult {
  /** The last backfilled close: where the live walk of the symbol starts. */
  startPrice: bigint;
  /** Set when this call wrote the history (not when an earlier start had). */
  written?: { candles: number; fromMs: number; toMs: number; ms: number };
}

export function createHistory(deps: { db: Db; now: () => number }) {
  const { db, now } = deps;
  return {
    /**
     * The symbol's history before `atMs`, written once: only when it has no tick, no candle and
     * no backfill record, and claimed by the record in the transaction that writes the candles,
     * so two processes (or two starts) never both write it. Returns the backfilled start price
     * (also when an earlier start wrote it), or undefined when there is none.
     */
    async backfill(
      p: ProductRow,
      atMs: number,
      opts: BackfillOptions,
    ): Promise<BackfillResult | undefined> {
      const repo = createBackfillRepository(db);
      /** The start price of the backfill recorded for the symbol, by any process, if any. */
      const recorded = async (): Promise<BackfillResult | undefined> => {
        const row = await repo.backfillOf(p.symbol);
        return row ? { startPrice: row.startPriceMinor } : undefined;
      };
      const existing = await recorded();
      if (existing) return existing;
      if (opts.days < 1) return undefined;
      // Prices already: another process may have written its backfill between the two reads.
      if (await repo.hasPrices(p.symbol)) return recorded();
      const started = performance.now();
      const startPrice = parseScaled(p.initialPrice, p.priceScale);
      const history = generateBackfill({
        seed: opts.seed,
        symbol: p.symbol,
        atMs,
        startPrice,
        priceScale: p.priceScale,
        volatilityBps: p.volatilityBps,
        days: opts.days,
      });
      if (history.candles.length === 0) return undefined;
      // The claim first, then the check again: a tick recorded meanwhile (a second publisher in
      // the moment two overlap) rolls the claim back; one recorded after it merges into these
      // candles, as every tick does.
      const wrote = await db
        .transaction(async (tx) => {
          const r = createBackfillRepository(tx);
          const claimed = await r.claim({
            symbol: p.symbol,
            seed: opts.seed,
            fromMs: history.fromMs,
            toMs: history.toMs,
            startPriceMinor: startPrice,
            volatilityBps: p.volatilityBps,
            candles: history.candles.length,
            createdAtMs: now(),
          });
          if (!claimed) return false;
          if (await r.hasPrices(p.symbol)) throw new BackfillRaced();
          await r.insertCandles(p.symbol, history.candles);
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof BackfillRaced) return false;
          throw error;
        });
      if (!wrote) return recorded();
      return {
        startPrice,
        written: {
          candles: history.candles.length,
          fromMs: history.fromMs,
          toMs: history.toMs,
          ms: Math.round(performance.now() - started),
        },
      };
    },

    backfillOf: (symbol: string) => createBackfillRepository(db).backfillOf(symbol),
  };
}

/** Rolls the claim back: the symbol got prices between the first check and the claim. */
class BackfillRaced extends Error {}

// Publishing a price (the tick, its candles, the pushes) and the price views: products, klines.
import {
  formatScaled,
  VOLUME_SCALE,
  type Candle,
  type Kline,
  type KlineInterval,
  type LocaleKey,
  type Product,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import type { Bus } from '../realtime/bus.js';
import { CHAIN_GENESIS, tickHash } from './chain.js';
import { createMarketRepository, type CandleRow, type TickRow } from './market.repository.js';

/** The most extreme value by `better`, formatted; null for no values. */
function extreme(
  values: bigint[],
  better: (a: bigint, b: bigint) => boolean,
  f: (v: bigint) => string,
): string | null {
  let best: bigint | undefined;
  for (const v of values) if (best === undefined || better(v, best)) best = v;
  return best === undefined ? null : f(best);
}

/** The candle's wire form (contract `Candle`), for market/kline and the `kline.*` channels. */
function candleTuple(c: CandleRow, scale: number): Candle {
  const f = (v: bigint) => formatScaled(v, scale);
  return [
    c.openTimeMs,
    f(c.open),
    f(c.high),
    f(c.low),
    f(c.close),
    c.ticks,
    formatScaled(c.volume, VOLUME_SCALE),
  ];
}

/** A symbol with no tick for this long is paused: no new orders (BRIEF §4). */
export const STALE_AFTER_MS = 5_000;
const DAY_MS = 86_400_000;

/** Recording ticks and reading prices; `scaleOf` is a symbol's price scale (none: unknown). */
export function createPrices(deps: {
  db: Db;
  now: () => number;
  bus?: Bus | undefined;
  scaleOf: (symbol: string) => Promise<number | undefined>;
}) {
  const { db, now, scaleOf } = deps;
  const repo = () => createMarketRepository(db);

  return {
    /**
     * Publishes one tick: chained to the symbol's last tick and folded into its candles, in one
     * transaction. A second writer racing on the same symbol loses on the unique
     * (symbol, prev_hash) index instead of forking the chain.
     */
    async recordTick(
      symbol: string,
      timeMs: number,
      priceMinor: bigint,
      scale: number,
      qtyMinor = 0n,
    ): Promise<TickRow> {
      const { row, candles } = await db.transaction(async (tx) => {
        const r = createMarketRepository(tx);
        const last = await r.lastTick(symbol);
        if (last && timeMs < last.timeMs) throw new Error(`tick for ${symbol} goes back in time`);
        const prevHash = last?.hash ?? CHAIN_GENESIS;
        const hash = tickHash(prevHash, symbol, timeMs, formatScaled(priceMinor, scale));
        const inserted = await r.insertTick({
          symbol,
          timeMs,
          priceMinor,
          qtyMinor,
          prevHash,
          hash,
        });
        return {
          row: inserted,
          candles: await r.upsertCandles(symbol, timeMs, priceMinor, qtyMinor),
        };
      });
      // Published only once committed: a subscriber never sees a price that was rolled back.
      const f = (v: bigint) => formatScaled(v, scale);
      deps.bus?.publish(`ticker.${symbol}`, {
        symbol,
        price: f(priceMinor),
        time: timeMs,
        hash: row.hash,
      });
      for (const c of candles) {
        deps.bus?.publish(`kline.${symbol}.${c.interval}`, candleTuple(c, scale));
      }
      return row;
    },

    async products(locale: LocaleKey): Promise<Product[]> {
      const r = repo();
      const t = now();
      const rows = await r.products();
      return Promise.all(
        rows.map(async (p): Promise<Product> => {
          const [last, hours] = await Promise.all([
            r.lastTick(p.symbol),
            r.hourlySince(p.symbol, t - DAY_MS),
          ]);
          const f = (v: bigint) => formatScaled(v, p.priceScale);
          const open = hours[0]?.open;
          const stale = !last || t - last.timeMs > STALE_AFTER_MS;
          let changePct: string | null = null;
          if (open && last) {
            // (last − open) / open in hundredths of a percent, truncated toward zero.
            const bp = ((last.priceMinor - open) * 10_000n) / open;
            changePct = formatScaled(bp, 2);
          }
          return {
            symbol: p.symbol,
            name: p.names[locale] ?? p.names['en-US'] ?? p.symbol,
            category: p.category,
            priceScale: p.priceScale,
            state: p.tradingState === 'closed' ? 'closed' : stale ? 'paused' : 'open',
            lastPrice: last ? f(last.priceMinor) : null,
            lastTime: last?.timeMs ?? null,
            changePct,
            open24h: open === undefined ? null : f(open),
            high: extreme(
              hours.map((c) => c.high),
              (a, b) => a > b,
              f,
            ),
            low: extreme(
              hours.map((c) => c.low),
              (a, b) => a < b,
              f,
            ),
            ticks24h: hours.reduce((n, c) => n + c.ticks, 0),
            volume24h: formatScaled(
              hours.reduce((n, c) => n + c.volume, 0n),
              VOLUME_SCALE,
            ),
          };
        }),
      );
    },

    async kline(
      symbol: string,
      interval: KlineInterval,
      beforeMs: number | undefined,
      limit: number,
    ): Promise<Kline | undefined> {
      const scale = await scaleOf(symbol);
      if (scale === undefined) return undefined;
      const rows = await repo().candles(symbol, interval, beforeMs, limit);
      return {
        symbol,
        interval,
        candles: rows.map((c) => candleTuple(c, scale)),
      };
    },
  };
}

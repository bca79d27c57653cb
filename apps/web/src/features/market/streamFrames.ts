// The market stream's frames: pushed messages held until the next frame, then applied at once.
import { tickerSchema } from '@ampere/contract';
import type { Candle, Ticker } from '@ampere/contract';
import { decodeCandle } from './api/market';
import { extremesOf, recordExtremes } from './quote';
import type { LiveTicker, RecentExtremes } from './quote';

/** Candles of one series kept between two frames (a hidden page draws no frames). */
const MAX_PENDING_CANDLES = 500;

/**
 * What the stream has applied (tickers) and what waits for the next frame, with the receivers
 * that take pushed messages and the listeners each frame notifies.
 */
export function createStreamFrames(deps: {
  requestFrame: (cb: () => void) => void;
  safely: (fn: () => void) => void;
}) {
  const { requestFrame, safely } = deps;

  const tickers = new Map<string, LiveTicker>();
  const pendingTickers = new Map<string, Ticker>();
  /** Every tick counts towards the extremes, also the ones a frame skips over. */
  const extremes = new Map<string, RecentExtremes>();
  const tickerListeners = new Map<string, Set<() => void>>();
  const pendingCandles = new Map<string, Map<number, Candle>>();
  const klineListeners = new Map<string, Set<(candles: readonly Candle[]) => void>>();
  let frameRequested = false;

  // --- Frames -------------------------------------------------------------------------------

  function flush(): void {
    frameRequested = false;
    const changed: string[] = [];
    for (const [symbol, ticker] of pendingTickers) {
      const shown = tickers.get(symbol);
      // Late delivery of an older tick (e.g. around a reconnect) must not move the price back.
      if (shown !== undefined && ticker.time < shown.time) continue;
      const recent = extremes.get(symbol);
      const range =
        recent === undefined ? { high: ticker.price, low: ticker.price } : extremesOf(recent);
      tickers.set(symbol, { ...ticker, ...range });
      changed.push(symbol);
    }
    pendingTickers.clear();
    const series = [...pendingCandles];
    pendingCandles.clear();
    for (const symbol of changed) {
      for (const listener of [...(tickerListeners.get(symbol) ?? [])]) safely(listener);
    }
    for (const [name, byTime] of series) {
      const candles = [...byTime.values()].sort((a, b) => a[0] - b[0]);
      for (const listener of [...(klineListeners.get(name) ?? [])]) {
        safely(() => {
          listener(candles);
        });
      }
    }
  }

  const scheduleFlush = (): void => {
    if (frameRequested) return;
    frameRequested = true;
    requestFrame(flush);
  };

  // --- Receivers ----------------------------------------------------------------------------

  const tickerReceiver =
    (symbol: string) =>
    (data: unknown): void => {
      const parsed = tickerSchema.safeParse(data);
      if (!parsed.success || parsed.data.symbol !== symbol) return;
      const { price, time } = parsed.data;
      extremes.set(symbol, recordExtremes(extremes.get(symbol), price, time));
      const pending = pendingTickers.get(symbol);
      if (pending === undefined || time >= pending.time) pendingTickers.set(symbol, parsed.data);
      scheduleFlush();
    };

  const klineReceiver =
    (name: string) =>
    (data: unknown): void => {
      const candle = decodeCandle(data);
      if (candle === undefined) return;
      let byTime = pendingCandles.get(name);
      if (byTime === undefined) {
        byTime = new Map();
        pendingCandles.set(name, byTime);
      }
      byTime.set(candle[0], candle);
      if (byTime.size > MAX_PENDING_CANDLES) {
        const oldest = Math.min(...byTime.keys());
        byTime.delete(oldest);
      }
      scheduleFlush();
    };

  return {
    tickers,
    tickerListeners,
    klineListeners,
    pendingCandles,
    tickerReceiver,
    klineReceiver,
  };
}

// The market stream's frames: pushed messages held until the next frame, then applied at once.
import { tickerSchema } from '@ampere/contract';
import type { Candle, Ticker } from '@ampere/contract';
import { decodeCandle } from './api/market';
import { extremesOf, recordExtremes } from './quote';
import type { LiveTicker, RecentExtremes } from './quote';

/**
 * One view watching a symbol's ticker: `notify` after a frame that changed it, while `awake()`
 * (a row scrolled far from the screen is not).
 */
export interface TickerWatch {
  notify: () => void;
  awake: () => boolean;
}

/**
 * Symbols a frame redraws at most; the others wait, oldest first, for the next frame. The feed
 * ticks every symbol at once, so without a limit one frame took a dozen rows of a phone's screen:
 * frames of 5–7 rows took 15 ms at the median on a mid-range phone's CPU, against 9 ms for one
 * or two (bench markets-fps, 4× CPU). Three a frame is 180 symbols a second, far above what a
 * screen shows moving: the ≈ 18 rows near a phone's screen are all written within six frames
 * (about 0.1 s) of a tick that moves them all, against the feed's half-second between ticks.
 */
export const TICKERS_PER_FRAME = 3;

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
  const tickerListeners = new Map<string, Set<TickerWatch>>();
  const pendingCandles = new Map<string, Map<number, Candle>>();
  const klineListeners = new Map<string, Set<(candles: readonly Candle[]) => void>>();
  let frameRequested = false;

  // --- Frames -------------------------------------------------------------------------------

  /** Makes `ticker` the symbol's applied one; false when it is older than the one applied. */
  function apply(symbol: string, ticker: Ticker): boolean {
    const shown = tickers.get(symbol);
    // Late delivery of an older tick (e.g. around a reconnect) must not move the price back.
    if (shown !== undefined && ticker.time < shown.time) return false;
    const recent = extremes.get(symbol);
    const range =
      recent === undefined ? { high: ticker.price, low: ticker.price } : extremesOf(recent);
    tickers.set(symbol, { ...ticker, ...range });
    return true;
  }

  /** Whether a view would draw a change of `symbol`: none watching, or all asleep, draw nothing. */
  function drawn(symbol: string): boolean {
    for (const watch of tickerListeners.get(symbol) ?? []) if (watch.awake()) return true;
    return false;
  }

  function flush(): void {
    frameRequested = false;
    const changed: string[] = [];
    // In the order they first came: a symbol that waited is among the first of the next frame.
    for (const [symbol, ticker] of pendingTickers) {
      const draws = drawn(symbol);
      if (draws && changed.length === TICKERS_PER_FRAME) continue;
      pendingTickers.delete(symbol);
      if (apply(symbol, ticker) && draws) changed.push(symbol);
    }
    if (pendingTickers.size > 0) scheduleFlush();
    const series = [...pendingCandles];
    pendingCandles.clear();
    for (const symbol of changed) {
      for (const watch of [...(tickerListeners.get(symbol) ?? [])])
        if (watch.awake()) safely(watch.notify);
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
      // A symbol no view would draw is kept up to date at once, for a view that wakes to read,
      // without a frame: on a list of 50 products most ticks are of rows far from the screen,
      // and each frame asked for them was a main-thread frame and a commit that drew nothing
      // (bench markets-fps: about 200 of 300 frames in 10 s).
      if (!pendingTickers.has(symbol) && !drawn(symbol)) {
        apply(symbol, parsed.data);
        return;
      }
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

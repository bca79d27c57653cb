import type { Candle, KlineInterval, SocketState } from '@ampere/contract';
import type { SocketMessage } from '@/lib/socket';
import type { LiveTicker } from './quote';
import { documentVisibility, type PageVisibility } from '@/lib/visibility';
import { createStreamChannels } from './streamChannels';
import { createStreamFrames, type TickerWatch } from './streamFrames';

/**
 * Market data pushed over the socket (BRIEF §5), shaped for views that must not stutter:
 *
 * - One socket subscription per channel however many views watch it (ref-counted). The last
 *   view to leave releases the channel after a short linger, so moving between the list and a
 *   product does not send an `unsub` and a `sub` for the same channel (the server closes a
 *   socket that sends more than 20 messages a second).
 * - Messages are applied once per animation frame: a ticker keeps only its newest value, a
 *   candle series its newest value per open time. Each symbol notifies only its own listeners,
 *   so a tick re-renders the one row that shows it. A ticker no awake view watches (rows far
 *   from the screen) is applied as it comes and asks for no frame.
 * - While the page is hidden nothing is drawn (no frames); after a while hidden the channels are
 *   released, and they are taken again on return, with a resync so views reload what they
 *   missed. A reconnect of the socket resyncs too: pushes during the outage are lost.
 *
 * Framework-free, so the timing can be tested with fake timers and a fake socket.
 */

/** What the stream needs of the socket client (lib/socket). */
export interface StreamSocket {
  connect(): void;
  subscribe(
    event: string,
    data: unknown,
    onMessage: (msg: SocketMessage) => void,
    match: (ch: string) => boolean,
  ): () => void;
  onState(cb: (state: SocketState) => void): () => void;
}

export type StreamVisibility = PageVisibility;

export interface MarketStreamDeps {
  /** Called once, on the first subscription: the socket connects when a market view mounts. */
  socket(): StreamSocket;
  /** Runs `cb` before the next paint; defaults to requestAnimationFrame. */
  requestFrame?: (cb: () => void) => void;
  visibility?: StreamVisibility;
  /** How long a channel nobody watches stays subscribed. */
  lingerMs?: number;
  /** How long the page may be hidden before the channels are released. */
  pauseAfterHiddenMs?: number;
}

export interface MarketStream {
  /**
   * The newest ticker of `symbol` applied so far: stable between frames while a view watching
   * it is awake, else the newest received.
   */
  ticker(symbol: string): LiveTicker | undefined;
  /**
   * `listener` runs after a frame that changed the ticker of `symbol`, while `awake()` (by
   * default always). While no view watching a symbol is awake its ticks draw no frame: they are
   * applied as they come, for `ticker()` to read when the view wakes.
   */
  watchTicker(symbol: string, listener: () => void, awake?: () => boolean): () => void;
  /** `listener` receives each frame's candles of the series, oldest first. */
  watchKline(
    symbol: string,
    interval: KlineInterval,
    listener: (candles: readonly Candle[]) => void,
  ): () => void;
  /** After a reconnect or a return from the background: what was pushed meanwhile is lost. */
  onResync(listener: () => void): () => void;
}

/** Releasing a channel waits this long for a view that takes it again. */
export const CHANNEL_LINGER_MS = 3000;
/** A page hidden this long stops receiving prices it cannot show. */
export const PAUSE_AFTER_HIDDEN_MS = 30_000;

export const tickerChannel = (symbol: string) => `ticker.${symbol}`;
export const klineChannel = (symbol: string, interval: KlineInterval) =>
  `kline.${symbol}.${interval}`;

function defaultRequestFrame(cb: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(cb);
  else setTimeout(cb, 16);
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set === undefined) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

/** Composed from its frames (streamFrames.ts) and its channels (streamChannels.ts). */
export function createMarketStream(deps: MarketStreamDeps): MarketStream {
  const requestFrame = deps.requestFrame ?? defaultRequestFrame;
  const lingerMs = deps.lingerMs ?? CHANNEL_LINGER_MS;
  const pauseAfterHiddenMs = deps.pauseAfterHiddenMs ?? PAUSE_AFTER_HIDDEN_MS;

  const resyncListeners = new Set<() => void>();

  const safely = (fn: () => void): void => {
    try {
      fn();
    } catch (error) {
      // One broken view must not stop the others from updating.
      console.error('[market] listener failed', error);
    }
  };

  const resync = (): void => {
    for (const listener of [...resyncListeners]) safely(listener);
  };

  const {
    tickers,
    tickerListeners,
    klineListeners,
    pendingCandles,
    tickerReceiver,
    klineReceiver,
  } = createStreamFrames({ requestFrame, safely });
  const { acquire, release } = createStreamChannels({
    socket: () => deps.socket(),
    visibility: deps.visibility ?? documentVisibility(),
    lingerMs,
    pauseAfterHiddenMs,
    resync,
    onReleased: (name) => {
      pendingCandles.delete(name);
    },
  });

  return {
    ticker: (symbol) => tickers.get(symbol),

    watchTicker: (symbol, listener, awake = () => true) => {
      const name = tickerChannel(symbol);
      // An entry per watch, so the same function watching twice is two watches.
      const entry: TickerWatch = { notify: listener, awake };
      addTo(tickerListeners, symbol, entry);
      acquire(name, tickerReceiver(symbol));
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        removeFrom(tickerListeners, symbol, entry);
        release(name);
      };
    },

    watchKline: (symbol, interval, listener) => {
      const name = klineChannel(symbol, interval);
      const entry = (candles: readonly Candle[]) => {
        listener(candles);
      };
      addTo(klineListeners, name, entry);
      acquire(name, klineReceiver(name));
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        removeFrom(klineListeners, name, entry);
        release(name);
      };
    },

    onResync: (listener) => {
      resyncListeners.add(listener);
      return () => {
        resyncListeners.delete(listener);
      };
    },
  };
}

import { SOCKET_STATE, tickerSchema } from '@ampere/contract';
import type { Candle, KlineInterval, SocketState, Ticker } from '@ampere/contract';
import type { SocketMessage } from '@/lib/socket';
import { decodeCandle } from './api/market';
import { extremesOf, recordExtremes } from './quote';
import type { LiveTicker, RecentExtremes } from './quote';
import { documentVisibility, type PageVisibility } from '@/lib/visibility';

/**
 * Market data pushed over the socket (BRIEF §5), shaped for views that must not stutter:
 *
 * - One socket subscription per channel however many views watch it (ref-counted). The last
 *   view to leave releases the channel after a short linger, so moving between the list and a
 *   product does not send an `unsub` and a `sub` for the same channel (the server closes a
 *   socket that sends more than 20 messages a second).
 * - Messages are applied once per animation frame: a ticker keeps only its newest value, a
 *   candle series its newest value per open time. Each symbol notifies only its own listeners,
 *   so a tick re-renders the one row that shows it.
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
  /** The newest ticker of `symbol` applied so far (stable between frames). */
  ticker(symbol: string): LiveTicker | undefined;
  /** `listener` runs after a frame that changed the ticker of `symbol`. */
  watchTicker(symbol: string, listener: () => void): () => void;
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
/** Candles of one series kept between two frames (a hidden page draws no frames). */
const MAX_PENDING_CANDLES = 500;
/** The server's subscribe event; its `un`-prefixed twin unsubscribes (lib/socket). */
const SUBSCRIBE_EVENT = 'sub';

export const tickerChannel = (symbol: string) => `ticker.${symbol}`;
export const klineChannel = (symbol: string, interval: KlineInterval) =>
  `kline.${symbol}.${interval}`;

function defaultRequestFrame(cb: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(cb);
  else setTimeout(cb, 16);
}

interface Channel {
  readonly name: string;
  readonly receive: (data: unknown) => void;
  /** Views holding the channel. */
  count: number;
  /** Stops the socket subscription; undefined while not subscribed (paused). */
  off: (() => void) | undefined;
  release: ReturnType<typeof setTimeout> | undefined;
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

export function createMarketStream(deps: MarketStreamDeps): MarketStream {
  const requestFrame = deps.requestFrame ?? defaultRequestFrame;
  const lingerMs = deps.lingerMs ?? CHANNEL_LINGER_MS;
  const pauseAfterHiddenMs = deps.pauseAfterHiddenMs ?? PAUSE_AFTER_HIDDEN_MS;

  let socket: StreamSocket | undefined;
  let everConnected = false;
  let paused = false;
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  const channels = new Map<string, Channel>();

  const tickers = new Map<string, LiveTicker>();
  const pendingTickers = new Map<string, Ticker>();
  /** Every tick counts towards the extremes, also the ones a frame skips over. */
  const extremes = new Map<string, RecentExtremes>();
  const tickerListeners = new Map<string, Set<() => void>>();
  const pendingCandles = new Map<string, Map<number, Candle>>();
  const klineListeners = new Map<string, Set<(candles: readonly Candle[]) => void>>();
  const resyncListeners = new Set<() => void>();
  let frameRequested = false;

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

  // --- Channels -----------------------------------------------------------------------------

  const ensureSocket = (): StreamSocket => {
    if (socket === undefined) {
      const created = deps.socket();
      socket = created;
      created.onState((state) => {
        if (state !== SOCKET_STATE.CONNECTED) return;
        // The first connection has nothing to catch up on; every later one does.
        if (everConnected) resync();
        everConnected = true;
      });
    }
    return socket;
  };

  const subscribeChannel = (channel: Channel): void => {
    channel.off = ensureSocket().subscribe(
      SUBSCRIBE_EVENT,
      { ch: channel.name },
      (msg) => {
        channel.receive(msg.data);
      },
      (ch) => ch === channel.name,
    );
  };

  const acquire = (name: string, receive: (data: unknown) => void): void => {
    let channel = channels.get(name);
    if (channel === undefined) {
      channel = { name, receive, count: 0, off: undefined, release: undefined };
      channels.set(name, channel);
      if (!paused) subscribeChannel(channel);
    }
    channel.count += 1;
    clearTimeout(channel.release);
    channel.release = undefined;
    // Idempotent while connecting or connected; after the client gave up it starts afresh.
    if (!paused) ensureSocket().connect();
  };

  const release = (name: string): void => {
    const channel = channels.get(name);
    if (channel === undefined || channel.count === 0) return;
    channel.count -= 1;
    if (channel.count > 0) return;
    clearTimeout(channel.release);
    channel.release = setTimeout(() => {
      channel.release = undefined;
      if (channel.count > 0 || channels.get(name) !== channel) return;
      channels.delete(name);
      channel.off?.();
      channel.off = undefined;
      pendingCandles.delete(name);
    }, lingerMs);
  };

  // --- Visibility ---------------------------------------------------------------------------

  const pause = (): void => {
    pauseTimer = undefined;
    if (paused) return;
    paused = true;
    for (const channel of channels.values()) {
      channel.off?.();
      channel.off = undefined;
    }
  };

  const resume = (): void => {
    clearTimeout(pauseTimer);
    pauseTimer = undefined;
    if (!paused) return;
    paused = false;
    if (channels.size === 0) return;
    for (const channel of channels.values()) subscribeChannel(channel);
    ensureSocket().connect();
    resync();
  };

  const visibility = deps.visibility ?? documentVisibility();
  visibility.onChange((visible) => {
    if (visible) {
      resume();
    } else if (pauseTimer === undefined && !paused) {
      pauseTimer = setTimeout(pause, pauseAfterHiddenMs);
    }
  });

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
    ticker: (symbol) => tickers.get(symbol),

    watchTicker: (symbol, listener) => {
      const name = tickerChannel(symbol);
      // A wrapper per watch, so the same function watching twice is two watches.
      const entry = () => {
        listener();
      };
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

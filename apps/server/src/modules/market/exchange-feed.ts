import WebSocket from 'ws';
import type { FeedTick, GateLog, MarketFeed, TickGate } from './feed.js';

export interface ExchangeFeedStats {
  connects: number;
  reconnects: number;
  messages: number;
  malformed: number;
  /** Breaks in a symbol's trade-id sequence (trades we never saw: a disconnect or a drop). */
  gaps: number;
}

/** `BTC/USDT` → `btcusdt`, the venue's stream name. */
export function venueStream(symbol: string): string {
  return symbol.replace('/', '').toLowerCase();
}

interface TradeMessage {
  e: 'trade';
  s: string;
  t: number;
  p: string;
  q: string;
  T: number;
}

function isTrade(value: unknown): value is TradeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.e === 'trade' &&
    typeof v.s === 'string' &&
    typeof v.t === 'number' &&
    typeof v.p === 'string' &&
    typeof v.q === 'string' &&
    typeof v.T === 'number'
  );
}

/** The trade in one frame of the stream, or undefined for anything else (counted malformed). */
export function parseTradeFrame(text: string): TradeMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const data =
    typeof parsed === 'object' && parsed !== null && 'data' in parsed ? parsed.data : parsed;
  return isTrade(data) ? data : undefined;
}

/** 1 s, 2 s, 4 s … up to 30 s between reconnects; reset once a frame arrives. */
export function exchangeReconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
}

/**
 * A venue's public spot trade stream, Binance's combined-stream format:
 * `GET <url>/stream?streams=btcusdt@trade/ethusdt@trade` answers
 * `{"stream":"btcusdt@trade","data":{"e":"trade","s":"BTCUSDT","t":<trade id>,"p":"…","q":"…","T":<ms>}}`.
 * Only crypto products quoted in USDT are on such a venue; the others get no ticks and show as
 * paused while this feed is configured. The URL is `MARKET_FEED_URL`.
 */
export function createExchangeFeed(opts: {
  url: string;
  /** Our symbols to follow (e.g. the open crypto products). */
  symbols: () => Promise<string[]>;
  gate: TickGate;
  log: GateLog;
  /** No frame for this long: the connection is presumed dead and replaced. */
  staleMs?: number;
  reconnectDelayMs?: (attempt: number) => number;
}): MarketFeed & { stats: ExchangeFeedStats; settled(): Promise<void> } {
  const { gate, log } = opts;
  const staleMs = opts.staleMs ?? 15_000;
  const delay = opts.reconnectDelayMs ?? exchangeReconnectDelayMs;
  const stats: ExchangeFeedStats = {
    connects: 0,
    reconnects: 0,
    messages: 0,
    malformed: 0,
    gaps: 0,
  };
  const lastTradeId = new Map<string, number>();
  let socket: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let watchdog: NodeJS.Timeout | undefined;

  const armWatchdog = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      log.warn({ staleMs }, 'exchange feed silent; reconnecting');
      socket?.terminate();
    }, staleMs);
    watchdog.unref();
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    const wait = delay(attempt++);
    stats.reconnects++;
    retry = setTimeout(() => {
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'exchange feed connect failed');
        scheduleReconnect();
      });
    }, wait);
    retry.unref();
  };

  async function connect(): Promise<void> {
    await gate.refreshProducts();
    const symbols = await opts.symbols();
    if (stopped) return;
    const bySymbol = new Map(symbols.map((s) => [venueStream(s).toUpperCase(), s]));
    const streams = symbols.map((s) => `${venueStream(s)}@trade`).join('/');
    const ws = new WebSocket(`${opts.url.replace(/\/$/, '')}/stream?streams=${streams}`, {
      handshakeTimeout: 10_000,
      maxPayload: 64 * 1024,
    });
    socket = ws;
    ws.on('open', () => {
      stats.connects++;
      log.info({ url: opts.url, symbols: symbols.length }, 'exchange feed connected');
      armWatchdog();
    });
    ws.on('message', (raw: Buffer) => {
      stats.messages++;
      attempt = 0;
      armWatchdog();
      const trade = parseTradeFrame(raw.toString('utf8'));
      const symbol = trade && bySymbol.get(trade.s);
      if (!trade || !symbol) {
        stats.malformed++;
        return;
      }
      const previous = lastTradeId.get(symbol);
      if (previous !== undefined && trade.t > previous + 1) stats.gaps++;
      if (previous === undefined || trade.t > previous) lastTradeId.set(symbol, trade.t);
      const tick: FeedTick = { symbol, timeMs: trade.T, price: trade.p, qty: trade.q };
      gate.accept(tick);
    });
    ws.on('error', (error) => {
      log.warn({ err: error }, 'exchange feed error');
    });
    ws.on('close', (code) => {
      if (watchdog) clearTimeout(watchdog);
      if (socket === ws) socket = undefined;
      if (stopped) return;
      log.warn({ code }, 'exchange feed disconnected');
      scheduleReconnect();
    });
  }

  return {
    stats,
    start() {
      stopped = false;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'exchange feed connect failed');
        scheduleReconnect();
      });
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (watchdog) clearTimeout(watchdog);
      socket?.terminate();
      socket = undefined;
      await gate.settled();
    },
    settled: () => gate.settled(),
  };
}

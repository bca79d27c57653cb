import type { Candle } from '@ampere/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSocket } from '@/lib/socket';
import type { SocketVisibility } from '@/lib/socket';
import { CHANNEL_LINGER_MS, PAUSE_AFTER_HIDDEN_MS, createMarketStream } from './stream';
import { TICKERS_PER_FRAME } from './streamFrames';

/**
 * The stream runs on the real socket client (lib/socket) over a WebSocket double, so these
 * tests see the frames the server would: `sub` / `unsub` with `{ch}`.
 */
class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(frame: string): void {
    this.sent.push(frame);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(ch: string, data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ ch, data }) }));
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' } as CloseEvent);
  }
  /** `sub:ch` / `unsub:ch` for every subscription frame sent, in order. */
  subscriptions(): string[] {
    return this.sent
      .map((frame) => JSON.parse(frame) as { event: string; data?: { ch?: string } })
      .filter((frame) => frame.event === 'sub' || frame.event === 'unsub')
      .map((frame) => `${frame.event}:${frame.data?.ch ?? ''}`);
  }
}

function fakeVisibility() {
  let visible = true;
  const listeners = new Set<(visible: boolean) => void>();
  const visibility: SocketVisibility = {
    isVisible: () => visible,
    onChange: (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
  return {
    visibility,
    set(next: boolean) {
      visible = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}

/** Frames run when the test says so, like requestAnimationFrame between two paints. */
function fakeFrames() {
  const queue: (() => void)[] = [];
  return {
    request: (cb: () => void) => {
      queue.push(cb);
    },
    pending: () => queue.length,
    run() {
      for (const cb of queue.splice(0)) cb();
    },
  };
}

const ticker = (symbol: string, price: string, time: number) => ({
  symbol,
  price,
  time,
  hash: 'ab'.repeat(32),
});

function setup() {
  FakeWebSocket.all = [];
  const frames = fakeFrames();
  const page = fakeVisibility();
  const makeSocket = vi.fn(() =>
    createSocket({
      url: () => 'ws://app.test/api/v1/ws',
      uid: () => 7,
      token: () => 'token',
      WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
      visibility: page.visibility,
      log: () => undefined,
    }),
  );
  const stream = createMarketStream({
    socket: makeSocket,
    requestFrame: frames.request,
    visibility: page.visibility,
  });
  /** The socket of the current connection, opened. */
  const connect = () => {
    const ws = FakeWebSocket.all.at(-1);
    if (ws === undefined) throw new Error('no socket was opened');
    ws.open();
    vi.advanceTimersByTime(0);
    return ws;
  };
  return { stream, frames, page, makeSocket, connect };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('market stream', () => {
  it('connects only when the first view subscribes', () => {
    const { stream, makeSocket } = setup();
    expect(makeSocket).not.toHaveBeenCalled();
    expect(FakeWebSocket.all).toHaveLength(0);
    const stop = stream.watchTicker('BTC/USDT', () => undefined);
    expect(makeSocket).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(FakeWebSocket.all[0]?.url).toContain('token=token');
    stop();
  });

  it('applies ticks once per frame, keeping only the newest per symbol', () => {
    const { stream, frames, connect } = setup();
    const btc = vi.fn();
    stream.watchTicker('BTC/USDT', btc);
    const ws = connect();
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97000.10', 1_000));
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97000.20', 1_500));
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97000.30', 2_000));
    // Nothing is shown before the frame; one frame brings the newest price, once.
    expect(stream.ticker('BTC/USDT')).toBeUndefined();
    expect(frames.pending()).toBe(1);
    frames.run();
    expect(btc).toHaveBeenCalledTimes(1);
    expect(stream.ticker('BTC/USDT')?.price).toBe('97000.30');
  });

  it('counts the ticks a frame skips over towards the recent high and low', () => {
    const { stream, frames, connect } = setup();
    stream.watchTicker('BTC/USDT', () => undefined);
    const ws = connect();
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97000.00', 1_000));
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97900.00', 1_500));
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '96100.00', 2_000));
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97000.50', 2_500));
    frames.run();
    expect(stream.ticker('BTC/USDT')).toMatchObject({
      price: '97000.50',
      high: '97900.00',
      low: '96100.00',
    });
  });

  it('draws no frame for a symbol whose views are all asleep, and keeps its ticker current', () => {
    const { stream, frames, connect } = setup();
    let awake = false;
    const far = vi.fn();
    stream.watchTicker('BTC/USDT', far, () => awake);
    const ws = connect();
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97000.00', 1_000));
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97900.00', 1_500));
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97500.00', 2_000));
    // Applied as they come, for the view to read when it wakes; no frame, no call.
    expect(frames.pending()).toBe(0);
    expect(far).not.toHaveBeenCalled();
    expect(stream.ticker('BTC/USDT')).toMatchObject({
      price: '97500.00',
      high: '97900.00',
      low: '97000.00',
    });
    // An older tick still cannot move it back.
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '90000.00', 1_200));
    expect(stream.ticker('BTC/USDT')?.price).toBe('97500.00');

    // Awake: frames as before, and the shown ticker holds still until the frame.
    awake = true;
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97600.00', 2_500));
    expect(frames.pending()).toBe(1);
    expect(stream.ticker('BTC/USDT')?.price).toBe('97500.00');
    frames.run();
    expect(far).toHaveBeenCalledTimes(1);
    expect(stream.ticker('BTC/USDT')?.price).toBe('97600.00');

    // One view awake among several is enough for a frame, and only it is called.
    awake = false;
    const near = vi.fn();
    stream.watchTicker('BTC/USDT', near);
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97700.00', 3_000));
    expect(frames.pending()).toBe(1);
    frames.run();
    expect(near).toHaveBeenCalledTimes(1);
    expect(far).toHaveBeenCalledTimes(1);
  });

  it('redraws a limited number of symbols a frame, the ones that waited first, none dropped', () => {
    const { stream, frames, connect } = setup();
    const symbols = Array.from({ length: TICKERS_PER_FRAME * 2 + 1 }, (_, i) => `S${i}/USDT`);
    const calls: string[] = [];
    for (const symbol of symbols) stream.watchTicker(symbol, () => calls.push(symbol));
    let farAwake = false;
    const far = vi.fn();
    stream.watchTicker('FAR/USDT', far, () => farAwake);
    const ws = connect();
    for (const symbol of symbols) ws.push(`ticker.${symbol}`, ticker(symbol, '1.00', 1_000));
    // A symbol no view draws takes no place in a frame.
    farAwake = true;
    ws.push('ticker.FAR/USDT', ticker('FAR/USDT', '5.00', 1_000));
    farAwake = false;

    frames.run();
    expect(calls).toEqual(symbols.slice(0, TICKERS_PER_FRAME));
    expect(stream.ticker('FAR/USDT')?.price).toBe('5.00');
    expect(far).not.toHaveBeenCalled();
    // What waits is not shown yet, and asks for the next frame itself.
    expect(stream.ticker(symbols[TICKERS_PER_FRAME] ?? '')).toBeUndefined();
    expect(frames.pending()).toBe(1);

    // A newer tick of a waiting symbol replaces its pending one without losing its place; a new
    // symbol queues behind the ones that waited.
    ws.push(
      `ticker.${symbols[TICKERS_PER_FRAME]}`,
      ticker(symbols[TICKERS_PER_FRAME] ?? '', '2.00', 2_000),
    );
    ws.push(`ticker.${symbols[0]}`, ticker(symbols[0] ?? '', '3.00', 2_000));
    frames.run();
    expect(calls.slice(TICKERS_PER_FRAME)).toEqual(
      symbols.slice(TICKERS_PER_FRAME, TICKERS_PER_FRAME * 2),
    );
    expect(stream.ticker(symbols[TICKERS_PER_FRAME] ?? '')?.price).toBe('2.00');
    frames.run();
    expect(calls.slice(TICKERS_PER_FRAME * 2)).toEqual([symbols.at(-1), symbols[0]]);
    expect(stream.ticker(symbols[0] ?? '')?.price).toBe('3.00');
    expect(frames.pending()).toBe(0);
    for (const symbol of symbols) expect(stream.ticker(symbol)).toBeDefined();
  });

  it('notifies only the listeners of the symbol that moved', () => {
    const { stream, frames, connect } = setup();
    const btc = vi.fn();
    const eth = vi.fn();
    stream.watchTicker('BTC/USDT', btc);
    stream.watchTicker('ETH/USDT', eth);
    const ws = connect();
    ws.push('ticker.ETH/USDT', ticker('ETH/USDT', '3400.00', 1_000));
    frames.run();
    expect(eth).toHaveBeenCalledTimes(1);
    expect(btc).not.toHaveBeenCalled();
  });

  it('ignores malformed payloads, a ticker of another symbol, and ticks older than the shown one', () => {
    const { stream, frames, connect } = setup();
    const btc = vi.fn();
    stream.watchTicker('BTC/USDT', btc);
    const ws = connect();
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '97000.00', 5_000));
    frames.run();
    ws.push('ticker.BTC/USDT', { symbol: 'BTC/USDT', price: 97000 });
    ws.push('ticker.BTC/USDT', ticker('ETH/USDT', '1.00', 9_000));
    ws.push('ticker.BTC/USDT', ticker('BTC/USDT', '96000.00', 4_000));
    frames.run();
    expect(btc).toHaveBeenCalledTimes(1);
    expect(stream.ticker('BTC/USDT')?.price).toBe('97000.00');
  });

  it('holds one socket subscription per channel however many views watch it', () => {
    const { stream, connect } = setup();
    const stopA = stream.watchTicker('BTC/USDT', () => undefined);
    const stopB = stream.watchTicker('BTC/USDT', () => undefined);
    const ws = connect();
    expect(ws.subscriptions()).toEqual(['sub:ticker.BTC/USDT']);
    stopA();
    vi.advanceTimersByTime(CHANNEL_LINGER_MS * 2);
    expect(ws.subscriptions()).toEqual(['sub:ticker.BTC/USDT']);
    stopB();
    stopB(); // A second call is a no-op, not a second release.
    vi.advanceTimersByTime(CHANNEL_LINGER_MS - 1);
    expect(ws.subscriptions()).toEqual(['sub:ticker.BTC/USDT']);
    vi.advanceTimersByTime(1);
    expect(ws.subscriptions()).toEqual(['sub:ticker.BTC/USDT', 'unsub:ticker.BTC/USDT']);
  });

  it('keeps a channel a view takes again within the linger, without unsub and sub', () => {
    const { stream, connect } = setup();
    const stop = stream.watchTicker('BTC/USDT', () => undefined);
    const ws = connect();
    stop();
    vi.advanceTimersByTime(CHANNEL_LINGER_MS / 2);
    const again = stream.watchTicker('BTC/USDT', () => undefined);
    vi.advanceTimersByTime(CHANNEL_LINGER_MS * 2);
    expect(ws.subscriptions()).toEqual(['sub:ticker.BTC/USDT']);
    again();
  });

  it('delivers each frame’s candles of a series oldest first, newest value per open time', () => {
    const { stream, frames, connect } = setup();
    const received: (readonly Candle[])[] = [];
    stream.watchKline('BTC/USDT', '1Min', (candles) => received.push(candles));
    const ws = connect();
    expect(ws.subscriptions()).toEqual(['sub:kline.BTC/USDT.1Min']);
    const candle = (time: number, close: string) => [time, '1.00', '2.00', '0.50', close, 3, '0'];
    ws.push('kline.BTC/USDT.1Min', candle(120_000, '1.10'));
    ws.push('kline.BTC/USDT.1Min', candle(60_000, '1.20'));
    ws.push('kline.BTC/USDT.1Min', candle(120_000, '1.30'));
    ws.push('kline.BTC/USDT.1Min', [60_000, 'x']);
    frames.run();
    expect(received).toEqual([[candle(60_000, '1.20'), candle(120_000, '1.30')]]);
  });

  it('accepts six-element candles from a server without volume', () => {
    const { stream, frames, connect } = setup();
    const received: (readonly Candle[])[] = [];
    stream.watchKline('BTC/USDT', '1s', (candles) => received.push(candles));
    connect().push('kline.BTC/USDT.1s', [1_000, '1.00', '1.00', '1.00', '1.00', 1]);
    frames.run();
    expect(received).toEqual([[[1_000, '1.00', '1.00', '1.00', '1.00', 1, '0']]]);
  });

  it('resubscribes after a reconnect and asks views to resync, but not on the first connect', () => {
    const { stream, connect } = setup();
    const resync = vi.fn();
    stream.onResync(resync);
    stream.watchTicker('BTC/USDT', () => undefined);
    const first = connect();
    expect(resync).not.toHaveBeenCalled();
    first.drop();
    vi.advanceTimersByTime(1_000); // lib/socket: the first retry comes 1 s later.
    const second = connect();
    expect(second.subscriptions()).toEqual(['sub:ticker.BTC/USDT']);
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('releases the channels after a while hidden and takes them again on return', () => {
    const { stream, page, connect } = setup();
    const resync = vi.fn();
    stream.onResync(resync);
    stream.watchTicker('BTC/USDT', () => undefined);
    const ws = connect();
    page.set(false);
    vi.advanceTimersByTime(PAUSE_AFTER_HIDDEN_MS - 1);
    expect(ws.subscriptions()).toEqual(['sub:ticker.BTC/USDT']);
    vi.advanceTimersByTime(1);
    expect(ws.subscriptions()).toEqual(['sub:ticker.BTC/USDT', 'unsub:ticker.BTC/USDT']);
    page.set(true);
    vi.advanceTimersByTime(0);
    expect(ws.subscriptions()).toEqual([
      'sub:ticker.BTC/USDT',
      'unsub:ticker.BTC/USDT',
      'sub:ticker.BTC/USDT',
    ]);
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('does not pause for a short trip to the background', () => {
    const { stream, page, connect } = setup();
    const resync = vi.fn();
    stream.onResync(resync);
    stream.watchTicker('BTC/USDT', () => undefined);
    const ws = connect();
    page.set(false);
    vi.advanceTimersByTime(PAUSE_AFTER_HIDDEN_MS / 2);
    page.set(true);
    vi.advanceTimersByTime(PAUSE_AFTER_HIDDEN_MS);
    expect(ws.subscriptions()).toEqual(['sub:ticker.BTC/USDT']);
    expect(resync).not.toHaveBeenCalled();
  });

  it('keeps updating the other views when one listener throws', () => {
    const { stream, frames, connect } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const healthy = vi.fn();
    stream.watchTicker('BTC/USDT', () => {
      throw new Error('broken view');
    });
    stream.watchTicker('BTC/USDT', healthy);
    connect().push('ticker.BTC/USDT', ticker('BTC/USDT', '1.00', 1));
    frames.run();
    expect(healthy).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

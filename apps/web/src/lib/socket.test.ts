import { SOCKET_STATE } from '@ampere/contract';
import type { SocketState } from '@ampere/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketDeps, SocketMessage, SocketVisibility } from './socket';
import {
  buildSocketUrl,
  createSocket,
  reconnectDelayMs,
  resendDelayMs,
  unsubscribeEvent,
} from './socket';

const WSS = 'wss://app.example/ws';

/** A WebSocket double: records what is sent and lets the test drive open, message and close. */
class FakeSocket {
  readyState = 0;
  readonly sent: string[] = [];
  /** Times (fake clock) of every send() call, including the ones that threw. */
  readonly sendAttempts: number[] = [];
  readonly closeCalls: (number | undefined)[] = [];
  failSends = false;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;

  constructor(
    readonly url: string,
    registry: FakeSocket[],
  ) {
    registry.push(this);
  }

  send(frame: string): void {
    this.sendAttempts.push(Date.now());
    if (this.failSends) throw new Error('send failed');
    this.sent.push(frame);
  }

  close(code?: number): void {
    this.closeCalls.push(code);
    this.readyState = 3;
  }

  // Drivers.
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown): void {
    const payload =
      typeof data === 'string' || data instanceof ArrayBuffer ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: payload }));
  }
  /** A failed attempt or a dropped connection, as a browser reports it: error, then close. */
  fail(code = 1006): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code, reason: '' } as CloseEvent);
  }
  frames(): { event: string; data?: unknown }[] {
    return this.sent.map((frame) => JSON.parse(frame) as { event: string; data?: unknown });
  }
  events(): string[] {
    return this.frames().map((frame) => frame.event);
  }
}

function fakeVisibility(initial = true) {
  let visible = initial;
  const listeners = new Set<(visible: boolean) => void>();
  const visibility: SocketVisibility & { set(next: boolean): void; listeners(): number } = {
    isVisible: () => visible,
    onChange: (cb) => {
      listeners.add(cb);
      return () => {
        listeners.delete(cb);
      };
    },
    set: (next) => {
      visible = next;
      for (const cb of [...listeners]) cb(next);
    },
    listeners: () => listeners.size,
  };
  return visibility;
}

let sockets: FakeSocket[];
let logs: { msg: string; detail?: unknown }[];
let uid: string | number | undefined;
let token: string | undefined;
let visibility: ReturnType<typeof fakeVisibility>;

function setup(extra: Partial<SocketDeps> = {}) {
  const registry = sockets;
  const Impl = class extends FakeSocket {
    constructor(url: string) {
      super(url, registry);
    }
  };
  const states: SocketState[] = [];
  const client = createSocket({
    url: () => WSS,
    uid: () => uid,
    token: () => token,
    WebSocketImpl: Impl as unknown as typeof WebSocket,
    visibility,
    log: (msg, detail) => logs.push({ msg, detail }),
    ...extra,
  });
  client.onState((state) => states.push(state));
  return { client, states };
}

const last = (): FakeSocket => {
  const socket = sockets.at(-1);
  if (socket === undefined) throw new Error('no socket was created');
  return socket;
};

/** Opens the latest socket and lets the send queue drain. */
function openLast(): FakeSocket {
  const socket = last();
  socket.open();
  vi.advanceTimersByTime(0);
  return socket;
}

const logged = (text: string) => logs.some((entry) => entry.msg.includes(text));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
  sockets = [];
  logs = [];
  uid = 42;
  token = 'tok-1';
  visibility = fakeVisibility();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('pure rules', () => {
  it('reconnect delay is 1 s per attempt, capped at 30 s', () => {
    expect([1, 2, 3, 20, 29, 30, 31, 100].map(reconnectDelayMs)).toEqual([
      1000, 2000, 3000, 20_000, 29_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('resend backoff starts at 2 s and doubles up to 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 28, 1000].map(resendDelayMs)).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('the unsubscribe twin is the event prefixed "un"', () => {
    expect(unsubscribeEvent('sub.ticker')).toBe('unsub.ticker');
    expect(unsubscribeEvent('subscribe')).toBe('unsubscribe');
  });

  it('buildSocketUrl maps http(s) to ws(s), keeps other query and rejects other schemes', () => {
    const href = buildSocketUrl('https://app.example/ws?x=1&uid=9', {
      uid: 7,
      token: undefined,
      timestamp: 5,
    });
    const url = new URL(href);
    expect(url.protocol).toBe('wss:');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('uid')).toBe('7');
    expect(url.searchParams.get('timestamp')).toBe('5');
    expect(url.searchParams.has('token')).toBe(false);
    expect(() => buildSocketUrl('ftp://x/', { uid: 1, token: 't', timestamp: 1 })).toThrow();
    expect(() => buildSocketUrl('  ', { uid: 1, token: 't', timestamp: 1 })).toThrow();
  });
});

describe('connecting', () => {
  it('connects to the wss address with uid, timestamp (ms) and token', () => {
    const { client } = setup({ now: () => 1234 });
    client.connect();
    const url = new URL(last().url);
    expect(`${url.origin}${url.pathname}`).toBe(WSS);
    expect(url.searchParams.get('uid')).toBe('42');
    expect(url.searchParams.get('timestamp')).toBe('1234');
    expect(url.searchParams.get('token')).toBe('tok-1');
  });

  it('omits token and uid when signed out', () => {
    uid = undefined;
    token = undefined;
    const { client } = setup();
    client.connect();
    const url = new URL(last().url);
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.has('uid')).toBe(false);
    expect(url.searchParams.get('timestamp')).toBe(String(Date.now()));
  });

  it('waits for an asynchronous address', async () => {
    const { client } = setup({ url: () => Promise.resolve(WSS) });
    client.connect();
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
  });

  it('is idle until open, then connected; connect() twice opens one socket', () => {
    const { client, states } = setup();
    expect(client.state()).toBe(SOCKET_STATE.IDLE);
    client.connect();
    client.connect();
    expect(sockets).toHaveLength(1);
    expect(client.state()).toBe(SOCKET_STATE.IDLE);
    openLast();
    expect(client.state()).toBe(SOCKET_STATE.CONNECTED);
    expect(states).toEqual([SOCKET_STATE.CONNECTED]);
  });

  it('sends online right after connecting, then heart {uid} every 20 s', () => {
    const { client } = setup();
    client.connect();
    const socket = openLast();
    expect(socket.frames()).toEqual([{ event: 'online' }]);
    vi.advanceTimersByTime(19_999);
    expect(socket.events()).toEqual(['online']);
    vi.advanceTimersByTime(1);
    expect(socket.frames().at(-1)).toEqual({ event: 'heart', data: { uid: 42 } });
    vi.advanceTimersByTime(40_000);
    expect(socket.events()).toEqual(['online', 'heart', 'heart', 'heart']);
  });

  it('a ping is not a channel message and needs no reply', () => {
    const { client } = setup();
    const seen: SocketMessage[] = [];
    client.onMessage((msg) => seen.push(msg));
    client.connect();
    const socket = openLast();
    socket.receive({ event: 'ping' });
    socket.receive({ ch: 'ping', data: 1 });
    vi.advanceTimersByTime(0);
    expect(seen).toEqual([]);
    expect(socket.events()).toEqual(['online']);
  });
});

describe('reconnecting', () => {
  it('retries 1 s × attempt apart, then gives up after 20 tries with state error', () => {
    const { client, states } = setup();
    client.connect();
    last().fail();
    expect(client.state()).toBe(SOCKET_STATE.RECONNECTING);
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const before = sockets.length;
      vi.advanceTimersByTime(attempt * 1000 - 1);
      expect(sockets).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(before + 1);
      last().fail();
    }
    expect(sockets).toHaveLength(21);
    expect(client.state()).toBe(SOCKET_STATE.ERROR);
    expect(states).toEqual([SOCKET_STATE.RECONNECTING, SOCKET_STATE.ERROR]);
    expect(logged('gave up after 20')).toBe(true);
    vi.advanceTimersByTime(3_600_000);
    expect(sockets).toHaveLength(21);
  });

  it('a successful open resets the attempt count', () => {
    const { client, states } = setup();
    client.connect();
    last().fail();
    vi.advanceTimersByTime(1000);
    last().fail();
    vi.advanceTimersByTime(2000);
    openLast();
    last().fail();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
    expect(states).toEqual([
      SOCKET_STATE.RECONNECTING,
      SOCKET_STATE.CONNECTED,
      SOCKET_STATE.RECONNECTING,
    ]);
  });

  it('an attempt not open within 60 s is closed and retried', () => {
    const { client } = setup();
    client.connect();
    const stalled = last();
    vi.advanceTimersByTime(59_999);
    expect(stalled.closeCalls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(stalled.closeCalls).toHaveLength(1);
    expect(client.state()).toBe(SOCKET_STATE.RECONNECTING);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    // The old socket's late events change nothing.
    stalled.open();
    expect(client.state()).toBe(SOCKET_STATE.RECONNECTING);
  });

  it('an address that cannot be had counts as a failed attempt', async () => {
    let calls = 0;
    const { client } = setup({
      url: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('config field timeout: wss')) : WSS;
      },
    });
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.state()).toBe(SOCKET_STATE.RECONNECTING);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(1);
  });

  it('connect() after giving up starts afresh', () => {
    const { client } = setup();
    client.connect();
    last().fail();
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      vi.advanceTimersByTime(attempt * 1000);
      last().fail();
    }
    expect(client.state()).toBe(SOCKET_STATE.ERROR);
    client.connect();
    expect(sockets).toHaveLength(22);
    expect(client.state()).toBe(SOCKET_STATE.RECONNECTING);
    openLast();
    expect(client.state()).toBe(SOCKET_STATE.CONNECTED);
  });
});

describe('subscriptions', () => {
  it('sends the subscribe event, and again after every reconnect', () => {
    const { client } = setup();
    client.subscribe('sub.kline', { symbol: 'ETH/USDT', interval: '1Min' }, vi.fn(), () => true);
    client.connect();
    const first = openLast();
    client.subscribe('sub.ticker', { symbol: 'BTC/USDT' }, vi.fn(), () => true);
    vi.advanceTimersByTime(0);
    expect(first.frames()).toEqual([
      { event: 'online' },
      { event: 'sub.kline', data: { symbol: 'ETH/USDT', interval: '1Min' } },
      { event: 'sub.ticker', data: { symbol: 'BTC/USDT' } },
    ]);
    first.fail();
    vi.advanceTimersByTime(1000);
    const second = openLast();
    expect(second.frames()).toEqual([
      { event: 'online' },
      { event: 'sub.kline', data: { symbol: 'ETH/USDT', interval: '1Min' } },
      { event: 'sub.ticker', data: { symbol: 'BTC/USDT' } },
    ]);
  });

  it('unsubscribe sends the un-prefixed twin once the last listener leaves', () => {
    const { client } = setup();
    client.connect();
    const socket = openLast();
    const data = { symbol: 'BTC/USDT' };
    const offA = client.subscribe('sub.ticker', data, vi.fn(), () => true);
    const offB = client.subscribe('sub.ticker', { symbol: 'BTC/USDT' }, vi.fn(), () => true);
    vi.advanceTimersByTime(0);
    expect(socket.events()).toEqual(['online', 'sub.ticker']);
    offA();
    offA();
    vi.advanceTimersByTime(0);
    expect(socket.events()).toEqual(['online', 'sub.ticker']);
    offB();
    vi.advanceTimersByTime(0);
    expect(socket.frames().at(-1)).toEqual({ event: 'unsub.ticker', data });
    // Gone for good: not sent again after a reconnect.
    socket.fail();
    vi.advanceTimersByTime(1000);
    expect(openLast().events()).toEqual(['online']);
  });

  it('unsubscribing while disconnected sends nothing', () => {
    const { client } = setup();
    const off = client.subscribe('sub.ticker', { symbol: 'X' }, vi.fn(), () => true);
    off();
    client.connect();
    expect(openLast().events()).toEqual(['online']);
  });

  it('delivers channel messages to matching handlers and to onMessage listeners', () => {
    const { client } = setup();
    const ticker = vi.fn();
    const kline = vi.fn();
    const all: SocketMessage[] = [];
    client.subscribe(
      'sub.ticker',
      { symbol: 'BTC/USDT' },
      ticker,
      (ch) => ch === 'ticker.BTC/USDT',
    );
    client.subscribe('sub.kline', { symbol: 'BTC/USDT' }, kline, (ch) => ch.startsWith('kline.'));
    client.onMessage((msg) => all.push(msg));
    client.connect();
    const socket = openLast();
    socket.receive({ ch: 'ticker.BTC/USDT', data: { price: '1' } });
    socket.receive({ ch: 'kline.BTC/USDT.1Min', data: [1, 2] });
    expect(ticker).toHaveBeenCalledExactlyOnceWith({ ch: 'ticker.BTC/USDT', data: { price: '1' } });
    expect(kline).toHaveBeenCalledExactlyOnceWith({ ch: 'kline.BTC/USDT.1Min', data: [1, 2] });
    expect(all.map((msg) => msg.ch)).toEqual(['ticker.BTC/USDT', 'kline.BTC/USDT.1Min']);
  });

  it('a throwing handler, matcher or listener neither throws nor stops the others', () => {
    const { client } = setup({
      log: () => {
        throw new Error('logger down');
      },
    });
    const good = vi.fn();
    client.onState(() => {
      throw new Error('state listener');
    });
    client.onMessage(() => {
      throw new Error('listener');
    });
    client.subscribe(
      'a',
      1,
      () => {
        throw new Error('handler');
      },
      () => true,
    );
    client.subscribe('b', 2, vi.fn(), () => {
      throw new Error('matcher');
    });
    client.subscribe('c', 3, good, () => true);
    client.connect();
    const socket = last();
    expect(() => {
      socket.open();
      socket.receive({ ch: 'x', data: null });
    }).not.toThrow();
    expect(good).toHaveBeenCalledOnce();
    expect(client.state()).toBe(SOCKET_STATE.CONNECTED);
  });

  it('ignores and logs malformed frames', () => {
    const { client } = setup();
    const seen = vi.fn();
    client.onMessage(seen);
    client.connect();
    const socket = openLast();
    socket.receive('not json');
    socket.receive('{"foo":1}');
    socket.receive('{"ch":""}');
    socket.receive(new ArrayBuffer(4));
    expect(seen).not.toHaveBeenCalled();
    expect(logs.filter((entry) => entry.msg.startsWith('ignored'))).toHaveLength(4);
    expect(client.state()).toBe(SOCKET_STATE.CONNECTED);
  });
});

describe('sending', () => {
  it('sends {event, data}', () => {
    const { client } = setup();
    client.connect();
    const socket = openLast();
    client.send('order.watch', { id: 3 });
    client.send('bare');
    vi.advanceTimersByTime(0);
    expect(socket.frames().slice(1)).toEqual([
      { event: 'order.watch', data: { id: 3 } },
      { event: 'bare' },
    ]);
  });

  it('at most 5 sends per macrotask', () => {
    const { client } = setup();
    client.connect();
    const socket = openLast();
    for (let i = 0; i < 12; i += 1) client.send('m', i);
    expect(socket.sent).toHaveLength(1 + 5);
    vi.advanceTimersToNextTimer();
    expect(socket.sent).toHaveLength(1 + 10);
    client.send('m', 12);
    expect(socket.sent).toHaveLength(1 + 10);
    vi.advanceTimersToNextTimer();
    expect(socket.sent).toHaveLength(1 + 13);
    expect(
      socket
        .frames()
        .slice(1)
        .map((frame) => frame.data),
    ).toEqual([...Array(13).keys()]);
  });

  it('buffers messages sent while not connected and sends them, in order, after online and subscriptions', () => {
    const { client } = setup();
    client.send('first', 1);
    client.subscribe('sub.ticker', { symbol: 'X' }, vi.fn(), () => true);
    client.connect();
    client.send('second', 2);
    vi.advanceTimersByTime(500);
    const socket = openLast();
    expect(socket.events()).toEqual(['online', 'sub.ticker', 'first', 'second']);
  });

  it('buffered messages survive a dropped connection', () => {
    const { client } = setup();
    client.connect();
    const first = openLast();
    first.fail();
    client.send('during-outage');
    vi.advanceTimersByTime(1000);
    expect(openLast().events()).toEqual(['online', 'during-outage']);
  });

  it('retries a failing send 2, 4, 8, 16, 32, then 60 s apart and drops it after 28 retries', () => {
    // Only this message's attempts are timed: heartbeats try (and fail) too.
    const { client } = setup();
    client.connect();
    const socket = openLast();
    const start = Date.now();
    socket.failSends = true;
    const attempts: number[] = [];
    const send = socket.send.bind(socket);
    socket.send = (frame: string) => {
      if (frame.includes('"doomed"')) attempts.push(Date.now() - start);
      send(frame);
    };
    client.send('doomed');
    vi.advanceTimersByTime(2 * 3_600_000);
    const gaps = attempts.slice(1).map((at, index) => at - (attempts[index] ?? 0));
    expect(attempts[0]).toBe(0);
    expect(attempts).toHaveLength(1 + 28);
    expect(gaps).toEqual([2000, 4000, 8000, 16_000, 32_000, ...Array<number>(23).fill(60_000)]);
    expect(logged('dropped "doomed" after 28 retries')).toBe(true);
  });

  it('a message buffered while disconnected is dropped after 28 retries (1442 s)', () => {
    const { client } = setup();
    client.send('late');
    vi.advanceTimersByTime(1_442_000 - 1);
    expect(logged('dropped "late"')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(logged('dropped "late" after 28 retries')).toBe(true);
    client.connect();
    expect(openLast().events()).toEqual(['online']);
  });

  it('a buffered message is still delivered if the socket opens just before its last retry', () => {
    const { client } = setup();
    client.send('patient');
    vi.advanceTimersByTime(1_442_000 - 1);
    client.connect();
    const socket = last();
    socket.open();
    vi.advanceTimersByTime(0);
    expect(socket.events()).toEqual(['online', 'patient']);
  });

  it('the buffer is bounded: past 500 messages the oldest is dropped with a log', () => {
    const { client } = setup();
    for (let i = 0; i <= 500; i += 1) client.send('m', i);
    expect(logged('buffer full')).toBe(true);
    client.connect();
    const socket = last();
    socket.open();
    expect(socket.sent).toHaveLength(5);
    vi.advanceTimersByTime(1000);
    const data = socket
      .frames()
      .slice(1)
      .map((frame) => frame.data);
    expect(data).toHaveLength(500);
    expect(data[0]).toBe(1);
    expect(data.at(-1)).toBe(500);
  });

  it('invalid or unserialisable messages are dropped with a log, never thrown', () => {
    const { client } = setup();
    client.connect();
    const socket = openLast();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => {
      client.send('', 1);
      client.send('x'.repeat(65));
      client.send('loop', circular);
    }).not.toThrow();
    vi.advanceTimersByTime(0);
    expect(socket.events()).toEqual(['online']);
    expect(logs.filter((entry) => entry.msg.startsWith('dropped'))).toHaveLength(3);
  });
});

describe('foreground check', () => {
  it('back in the foreground without a ping within 5 s: reconnects at once', () => {
    const { client, states } = setup();
    client.subscribe('sub.ticker', { symbol: 'X' }, vi.fn(), () => true);
    client.connect();
    const stale = openLast();
    visibility.set(false);
    vi.advanceTimersByTime(50_000);
    expect(stale.events()).toEqual(['online', 'sub.ticker', 'heart', 'heart']);
    visibility.set(true);
    // A heart prompts the server to show it is there, and restarts the 20 s cadence.
    expect(stale.events()).toEqual(['online', 'sub.ticker', 'heart', 'heart', 'heart']);
    vi.advanceTimersByTime(4999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(stale.closeCalls).toHaveLength(1);
    expect(sockets).toHaveLength(2);
    expect(client.state()).toBe(SOCKET_STATE.RECONNECTING);
    expect(logged('no ping within 5000 ms')).toBe(true);
    expect(openLast().events()).toEqual(['online', 'sub.ticker']);
    expect(states).toEqual([
      SOCKET_STATE.CONNECTED,
      SOCKET_STATE.RECONNECTING,
      SOCKET_STATE.CONNECTED,
    ]);
  });

  it('a ping within 5 s keeps the connection', () => {
    const { client } = setup();
    client.connect();
    const socket = openLast();
    visibility.set(false);
    visibility.set(true);
    vi.advanceTimersByTime(3000);
    socket.receive({ event: 'ping' });
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(client.state()).toBe(SOCKET_STATE.CONNECTED);
  });

  it('a visibility event without a return from the background changes nothing', () => {
    const { client } = setup();
    client.connect();
    openLast();
    visibility.set(true);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
  });

  it('back in the foreground after giving up: tries again', () => {
    const { client } = setup();
    client.connect();
    last().fail();
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      vi.advanceTimersByTime(attempt * 1000);
      last().fail();
    }
    expect(client.state()).toBe(SOCKET_STATE.ERROR);
    visibility.set(false);
    visibility.set(true);
    expect(sockets).toHaveLength(22);
    openLast();
    expect(client.state()).toBe(SOCKET_STATE.CONNECTED);
  });
});

describe('close()', () => {
  it('stops everything: idle, socket closed normally, no heart, no reconnect, no foreground check', () => {
    const { client, states } = setup();
    client.connect();
    const socket = openLast();
    client.close();
    expect(client.state()).toBe(SOCKET_STATE.IDLE);
    expect(states).toEqual([SOCKET_STATE.CONNECTED, SOCKET_STATE.IDLE]);
    expect(socket.closeCalls).toEqual([1000]);
    expect(visibility.listeners()).toBe(0);
    socket.fail();
    vi.advanceTimersByTime(3_600_000);
    expect(sockets).toHaveLength(1);
    expect(socket.events()).toEqual(['online']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('during a reconnect wait or an address lookup, no socket is opened later', async () => {
    const { client } = setup();
    client.connect();
    last().fail();
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);

    let resolve: (url: string) => void = () => undefined;
    const pending = setup({ url: () => new Promise<string>((r) => (resolve = r)) });
    pending.client.connect();
    pending.client.close();
    resolve(WSS);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('discards unsent messages but keeps subscriptions for the next connect()', () => {
    const { client } = setup();
    client.subscribe('sub.ticker', { symbol: 'X' }, vi.fn(), () => true);
    client.send('stale');
    client.close();
    client.connect();
    expect(openLast().events()).toEqual(['online', 'sub.ticker']);
  });
});

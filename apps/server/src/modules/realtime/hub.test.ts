import { describe, expect, it } from 'vitest';
import { createInProcessBus } from './bus.js';
import { CLOSE, HUB_LIMITS, openConnection, type HubSocket } from './hub.js';

/** A ticker payload as the feed publishes it. */
const tick = (symbol: string, price: string) => ({ symbol, price, time: 1_000, hash: 'h' });

function fakeSocket() {
  const sent: unknown[] = [];
  const socket = {
    bufferedAmount: 0,
    closedWith: undefined as { code: number; reason: string } | undefined,
    send: (data: string) => sent.push(JSON.parse(data)),
    close(code: number, reason: string) {
      this.closedWith = { code, reason };
    },
  };
  return { socket: socket satisfies HubSocket, sent };
}

const msg = (event: string, data?: unknown) => JSON.stringify({ event, data });

describe('socket hub protocol', () => {
  it('answers heart with ping', () => {
    const { socket, sent } = fakeSocket();
    const c = openConnection(socket, createInProcessBus(), undefined, () => 1_000);
    c.handle(msg('heart', { uid: 1 }));
    expect(sent).toEqual([{ event: 'ping', data: { t: 1_000 } }]);
  });

  it('subscribes and unsubscribes public channels', () => {
    const bus = createInProcessBus();
    const { socket, sent } = fakeSocket();
    const c = openConnection(socket, bus, undefined);
    c.handle(msg('sub', { ch: 'ticker.BTC/USDT' }));
    bus.publish('ticker.BTC/USDT', tick('BTC/USDT', '1.00'));
    bus.publish('ticker.ETH/USDT', tick('ETH/USDT', '2.00'));
    c.handle(msg('unsub', { ch: 'ticker.BTC/USDT' }));
    bus.publish('ticker.BTC/USDT', tick('BTC/USDT', '3.00'));
    expect(sent).toEqual([{ ch: 'ticker.BTC/USDT', data: tick('BTC/USDT', '1.00') }]);
  });

  it('gives private channels only to a signed-in user, scoped to that user', () => {
    const bus = createInProcessBus();
    const anon = fakeSocket();
    openConnection(anon.socket, bus, undefined).handle(msg('sub', { ch: 'balance' }));
    expect(anon.sent).toEqual([
      { ch: 'error', data: { code: 'unauthorized', channel: 'balance' } },
    ]);
    const alice = fakeSocket();
    openConnection(alice.socket, bus, 7n).handle(msg('sub', { ch: 'balance' }));
    bus.publish('user.8.balance', { currency: 'usdt', available: '1.00' });
    bus.publish('user.7.balance', { currency: 'money', available: '10.00' });
    expect(alice.sent).toEqual([
      { ch: 'balance', data: { currency: 'money', available: '10.00' } },
    ]);
  });

  it('keeps the inbox channel to its user too', () => {
    const bus = createInProcessBus();
    const anon = fakeSocket();
    openConnection(anon.socket, bus, undefined).handle(msg('sub', { ch: 'inbox' }));
    expect(anon.sent).toEqual([{ ch: 'error', data: { code: 'unauthorized', channel: 'inbox' } }]);
    const alice = fakeSocket();
    openConnection(alice.socket, bus, 7n).handle(msg('sub', { ch: 'inbox' }));
    bus.publish('user.8.inbox', { unread: 4 });
    bus.publish('user.7.inbox', { unread: 1 });
    expect(alice.sent).toEqual([{ ch: 'inbox', data: { unread: 1 } }]);
  });

  it('refuses unknown channels, events and malformed frames without closing', () => {
    const { socket, sent } = fakeSocket();
    const c = openConnection(socket, createInProcessBus(), undefined);
    c.handle(msg('sub', { ch: 'ticker.../../etc' }));
    c.handle(msg('dance'));
    c.handle('{nope');
    expect(sent).toEqual([
      { ch: 'error', data: { code: 'unknown_channel', channel: 'ticker.../../etc' } },
      { ch: 'error', data: { code: 'unknown_event' } },
      { ch: 'error', data: { code: 'malformed' } },
    ]);
    expect(socket.closedWith).toBeUndefined();
  });

  it('takes a list page subscribing to 60 products at once, then holds it to 20 messages a second', () => {
    const { socket, sent } = fakeSocket();
    let t = 0;
    const c = openConnection(socket, createInProcessBus(), undefined, () => t);
    c.handle(msg('online'));
    for (let i = 0; i < 60; i++) c.handle(msg('sub', { ch: `ticker.S${i}/USDT` }));
    expect(c.subscriptions()).toHaveLength(60);
    expect((sent as { ch?: string }[]).filter((m) => m.ch === 'error')).toEqual([]);
    // The burst refills at 20 a second: at exactly that pace a client goes on for ever…
    const left = HUB_LIMITS.messageBurst - 61;
    for (let i = 0; i < 1_000; i++) {
      t += 1_000 / HUB_LIMITS.maxMessagesPerSecond;
      c.handle(msg('heart'));
    }
    expect(socket.closedWith).toBeUndefined();
    // …and one sending twice as fast uses up what is left of the burst, then is closed.
    for (let i = 0; i < 2 * left + 2 && !socket.closedWith; i++) {
      t += 1_000 / (2 * HUB_LIMITS.maxMessagesPerSecond);
      c.handle(msg('heart'));
    }
    expect(socket.closedWith).toEqual({ code: CLOSE.POLICY, reason: 'too many messages' });
  });

  it('closes a connection that floods, and drops a slow consumer', () => {
    const flood = fakeSocket();
    const c = openConnection(flood.socket, createInProcessBus(), undefined, () => 5_000);
    for (let i = 0; i < HUB_LIMITS.messageBurst; i++) c.handle(msg('online'));
    expect(flood.socket.closedWith).toBeUndefined();
    c.handle(msg('online'));
    expect(flood.socket.closedWith).toEqual({ code: CLOSE.POLICY, reason: 'too many messages' });

    const bus = createInProcessBus();
    const slow = fakeSocket();
    const s = openConnection(slow.socket, bus, undefined);
    s.handle(msg('sub', { ch: 'ticker.BTC/USDT' }));
    slow.socket.bufferedAmount = HUB_LIMITS.maxBufferedBytes + 1;
    bus.publish('ticker.BTC/USDT', tick('BTC/USDT', '1.00'));
    expect(slow.socket.closedWith).toEqual({
      code: CLOSE.TRY_AGAIN_LATER,
      reason: 'slow consumer',
    });
    expect(s.subscriptions()).toEqual([]);
  });

  it('closes a connection that has been silent for three heartbeats, and only then', () => {
    let t = 0;
    const { socket } = fakeSocket();
    const c = openConnection(socket, createInProcessBus(), undefined, () => t);
    c.handle(msg('sub', { ch: 'ticker.BTC/USDT' }));
    t = HUB_LIMITS.heartbeatTimeoutMs - 1;
    expect(c.closeIfSilent()).toBe(false);
    c.handle(msg('heart', { uid: 1 }));
    t += HUB_LIMITS.heartbeatTimeoutMs - 1;
    expect(c.closeIfSilent()).toBe(false);
    t += 1;
    expect(c.closeIfSilent()).toBe(true);
    expect(socket.closedWith).toEqual({
      code: CLOSE.HEARTBEAT_TIMEOUT,
      reason: 'heartbeat timeout',
    });
    expect(c.subscriptions()).toEqual([]);
  });

  it('caps subscriptions per connection', () => {
    const { socket, sent } = fakeSocket();
    const c = openConnection(
      socket,
      createInProcessBus(),
      undefined,
      (() => {
        let t = 0;
        return () => (t += 100);
      })(),
    );
    const intervals = ['1s', '1Min', '5Min', '30Min', '1Hour', '1Day'];
    let n = 0;
    for (let i = 0; i < 40 && n <= HUB_LIMITS.maxSubscriptions; i++) {
      for (const iv of intervals) {
        c.handle(msg('sub', { ch: `kline.S${i}/USDT.${iv}` }));
        n++;
      }
    }
    expect(c.subscriptions()).toHaveLength(HUB_LIMITS.maxSubscriptions);
    expect(sent.at(-1)).toMatchObject({ ch: 'error', data: { code: 'too_many_subscriptions' } });
  });
});

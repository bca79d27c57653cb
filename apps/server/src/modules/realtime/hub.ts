import { SOCKET_CHANNELS, socketChannelKind } from '@ampere/contract';
import type { Bus, BusChannel } from './bus.js';

/** What the hub needs of a socket (ws.WebSocket satisfies it; tests pass a fake). */
export interface HubSocket {
  send(data: string): void;
  close(code: number, reason: string): void;
  readonly bufferedAmount: number;
}

export const HUB_LIMITS = {
  /** Channels one connection may hold: a page's whole list of products, with room to spare. */
  maxSubscriptions: 200,
  /**
   * Incoming messages, as a token bucket: a burst of this many at once (a page subscribing to
   * every row of its list when it opens: 50 products and more), refilled at
   * `maxMessagesPerSecond`; a client that keeps sending faster is closed.
   */
  messageBurst: 240,
  maxMessagesPerSecond: 20,
  /** Bytes waiting to be written before a slow consumer is dropped (never buffered forever). */
  maxBufferedBytes: 256 * 1024,
  /** Silence (no heart or any other message) before the connection is presumed dead: three
   * missed 20-second heartbeats. */
  heartbeatTimeoutMs: 60_000,
  /** Open sockets per client address by default (`WS_MAX_PER_ADDRESS`). */
  maxConnectionsPerAddress: 1_000,
} as const;

/**
 * 4408: the application's "heartbeat timeout"; 4401: the connection's session ended (logout,
 * password change, recovery, account disabled, expiry). 4000–4999 are free for applications.
 */
export const CLOSE = {
  POLICY: 1008,
  /** The node is shutting down (SIGTERM): reconnect, the proxy sends you to another. */
  SERVICE_RESTART: 1012,
  TRY_AGAIN_LATER: 1013,
  SESSION_ENDED: 4401,
  HEARTBEAT_TIMEOUT: 4408,
} as const;

/** The bus channel a user-facing channel maps to (contract SOCKET_CHANNELS); private ones are per user. */
function busChannel(ch: string, userId: bigint | undefined): BusChannel | undefined {
  const kind = socketChannelKind(ch);
  switch (kind) {
    case undefined:
      return undefined;
    case 'ticker':
      return `ticker.${ch.slice('ticker.'.length)}`;
    case 'kline':
      return `kline.${ch.slice('kline.'.length)}`;
    case 'orders':
    case 'balance':
    case 'funding':
    case 'inbox':
      return userId === undefined ? undefined : `user.${userId}.${kind}`;
  }
}

const isPrivate = (ch: string) => {
  const kind = socketChannelKind(ch);
  return kind !== undefined && SOCKET_CHANNELS[kind].private;
};

/**
 * A published payload reaches every subscriber as the same object: it is serialized once per
 * channel, not once per connection (the fan-out's main cost after the socket writes).
 */
const frames = new WeakMap<object, Map<string, string>>();
function frameOf(ch: string, payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return JSON.stringify({ ch, data: payload });
  let byChannel = frames.get(payload);
  if (!byChannel) {
    byChannel = new Map();
    frames.set(payload, byChannel);
  }
  let text = byChannel.get(ch);
  if (text === undefined) {
    text = JSON.stringify({ ch, data: payload });
    byChannel.set(ch, text);
  }
  return text;
}

/**
 * One socket connection (BRIEF §5): `{event, data}` in, `{ch, data}` and `{event:'ping'}` out.
 * Events: `heart` (answered with a ping), `online`, `sub` / `unsub` with `{ch}`.
 */
export function openConnection(
  socket: HubSocket,
  bus: Bus,
  userId: bigint | undefined,
  now: () => number = Date.now,
) {
  const subscriptions = new Map<string, () => void>();
  let tokens: number = HUB_LIMITS.messageBurst;
  let refilledAt = now();
  let lastHeard = now();
  let closed = false;

  const close = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    for (const off of subscriptions.values()) off();
    subscriptions.clear();
    socket.close(code, reason);
  };

  const sendText = (text: string) => {
    if (closed) return;
    if (socket.bufferedAmount > HUB_LIMITS.maxBufferedBytes) {
      close(CLOSE.TRY_AGAIN_LATER, 'slow consumer');
      return;
    }
    socket.send(text);
  };
  const send = (message: object) => {
    sendText(JSON.stringify(message));
  };

  const reject = (code: string, ch?: string) => {
    send({ ch: 'error', data: { code, ...(ch ? { channel: ch } : {}) } });
  };

  function handle(raw: string) {
    if (closed) return;
    const t = now();
    lastHeard = t;
    tokens = Math.min(
      HUB_LIMITS.messageBurst,
      tokens + ((t - refilledAt) * HUB_LIMITS.maxMessagesPerSecond) / 1_000,
    );
    refilledAt = t;
    if (tokens < 1) {
      close(CLOSE.POLICY, 'too many messages');
      return;
    }
    tokens -= 1;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      reject('malformed');
      return;
    }
    if (
      !message ||
      typeof message !== 'object' ||
      !('event' in message) ||
      typeof message.event !== 'string'
    ) {
      reject('malformed');
      return;
    }
    const data = 'data' in message ? message.data : undefined;
    const ch =
      data && typeof data === 'object' && 'ch' in data && typeof data.ch === 'string'
        ? data.ch
        : undefined;
    switch (message.event) {
      case 'heart':
        send({ event: 'ping', data: { t } });
        return;
      case 'online':
        return;
      case 'sub': {
        const target = ch === undefined ? undefined : busChannel(ch, userId);
        if (ch === undefined || target === undefined) {
          reject(ch !== undefined && isPrivate(ch) ? 'unauthorized' : 'unknown_channel', ch);
          return;
        }
        if (subscriptions.has(ch)) return;
        if (subscriptions.size >= HUB_LIMITS.maxSubscriptions) {
          reject('too_many_subscriptions', ch);
          return;
        }
        subscriptions.set(
          ch,
          bus.subscribe(target, (payload) => {
            sendText(frameOf(ch, payload));
          }),
        );
        return;
      }
      case 'unsub': {
        if (ch === undefined) return;
        subscriptions.get(ch)?.();
        subscriptions.delete(ch);
        return;
      }
      default:
        reject('unknown_event');
    }
  }

  return {
    handle,
    /** Called when the socket closed from the other side. */
    closed: () => {
      close(1000, 'closed');
    },
    /** Closes the connection from this side (its subscriptions end first). */
    end: close,
    subscriptions: () => [...subscriptions.keys()],
    /** Closes the connection if nothing arrived for `timeoutMs`; true when it did. */
    closeIfSilent(timeoutMs: number = HUB_LIMITS.heartbeatTimeoutMs): boolean {
      if (closed || now() - lastHeard < timeoutMs) return false;
      close(CLOSE.HEARTBEAT_TIMEOUT, 'heartbeat timeout');
      return true;
    },
  };
}
export type Connection = ReturnType<typeof openConnection>;

import type {
  BalancePush,
  Candle,
  FundingPush,
  NotificationPush,
  Order,
  Ticker,
} from '@ampere/contract';
import { Redis } from 'ioredis';
import type { RevokedMessage } from './session-sockets.js';

/**
 * What each bus channel carries: the sockets' channels (contract `SOCKET_CHANNELS`; a user's
 * own ones prefixed with their id) and the nodes' own messages.
 */
export interface BusChannels {
  [ticker: `ticker.${string}`]: Ticker;
  [kline: `kline.${string}`]: Candle;
  [orders: `user.${string}.orders`]: Order;
  [balance: `user.${string}.balance`]: BalancePush;
  [funding: `user.${string}.funding`]: FundingPush;
  [inbox: `user.${string}.inbox`]: NotificationPush;
  'session.revoked': RevokedMessage;
  /** Address blocks changed: every node drops its copy (modules/access). */
  'access.changed': { at: number };
}
export type BusChannel = keyof BusChannels;

type BusHandler = (data: unknown) => void;

/**
 * Real-time fan-out between the code that produces events (feed, settlement) and the sockets
 * that deliver them. In-process by default; through Redis pub/sub when REDIS_URL is set, so
 * every server process delivers the same stream whichever process produced it.
 */
export interface Bus {
  publish<C extends BusChannel>(channel: C, data: BusChannels[C]): void;
  subscribe<C extends BusChannel>(channel: C, handler: (data: BusChannels[C]) => void): () => void;
  close(): Promise<void>;
}

/** A transport with the channel map's types: what enters through `publish` is checked. */
function typed(raw: RawBus): Bus {
  return {
    publish: (channel, data) => {
      raw.publish(channel, data);
    },
    subscribe: (channel, handler) =>
      raw.subscribe(channel, (data) => {
        // Only `publish` above put it there, typed for this channel.
        handler(data as BusChannels[typeof channel]);
      }),
    close: () => raw.close(),
  };
}

/** The untyped transport under a Bus (the types are checked where messages enter it). */
interface RawBus {
  publish(channel: string, data: unknown): void;
  subscribe(channel: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

export function createInProcessBus(): Bus {
  return typed(createRawInProcessBus());
}

function createRawInProcessBus(): RawBus {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    publish(channel, data) {
      for (const h of handlers.get(channel) ?? []) h(data);
    },
    subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set<BusHandler>();
      set.add(handler);
      handlers.set(channel, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(channel);
      };
    },
    close: async () => {
      handlers.clear();
    },
  };
}

/**
 * `prefix` names this deployment's channels on Redis (`<REDIS_PREFIX>rt:`); `onDelivered` sees
 * every message that arrives from Redis (the bus-lag metric).
 */
export function createRedisBus(
  url: string,
  prefix: string,
  onError: (error: Error) => void,
  onDelivered?: (channel: string, data: unknown) => void,
): Bus {
  return typed(createRawRedisBus(url, prefix, onError, onDelivered));
}

function createRawRedisBus(
  url: string,
  prefix: string,
  onError: (error: Error) => void,
  onDelivered?: (channel: string, data: unknown) => void,
): RawBus {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  pub.on('error', onError);
  sub.on('error', onError);
  const local = createRawInProcessBus();
  const counts = new Map<string, number>();
  // After close the connections are gone, and their subscriptions with them: a socket that
  // finishes closing after the bus (a node shutting down) has nothing left to unsubscribe.
  let closed = false;
  sub.on('message', (redisChannel: string, message: string) => {
    try {
      const channel = redisChannel.slice(prefix.length);
      const data = JSON.parse(message) as unknown;
      onDelivered?.(channel, data);
      local.publish(channel, data);
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return {
    publish(channel, data) {
      pub.publish(prefix + channel, JSON.stringify(data)).catch(onError);
    },
    subscribe(channel, handler) {
      const n = counts.get(channel) ?? 0;
      counts.set(channel, n + 1);
      if (n === 0) sub.subscribe(prefix + channel).catch(onError);
      const off = local.subscribe(channel, handler);
      return () => {
        off();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left > 0) {
          counts.set(channel, left);
          return;
        }
        counts.delete(channel);
        if (!closed) sub.unsubscribe(prefix + channel).catch(onError);
      };
    },
    async close() {
      closed = true;
      await local.close();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

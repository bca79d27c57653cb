import { Redis } from 'ioredis';

export type BusHandler = (data: unknown) => void;

/**
 * Real-time fan-out between the code that produces events (feed, settlement) and the sockets
 * that deliver them. In-process by default; through Redis pub/sub when REDIS_URL is set, so
 * every server process delivers the same stream whichever process produced it.
 */
export interface Bus {
  publish(channel: string, data: unknown): void;
  subscribe(channel: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

export function createInProcessBus(): Bus {
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

const PREFIX = 'ampere:rt:';

export function createRedisBus(url: string, onError: (error: Error) => void): Bus {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  pub.on('error', onError);
  sub.on('error', onError);
  const local = createInProcessBus();
  const counts = new Map<string, number>();
  sub.on('message', (redisChannel: string, message: string) => {
    try {
      local.publish(redisChannel.slice(PREFIX.length), JSON.parse(message) as unknown);
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return {
    publish(channel, data) {
      pub.publish(PREFIX + channel, JSON.stringify(data)).catch(onError);
    },
    subscribe(channel, handler) {
      const n = counts.get(channel) ?? 0;
      counts.set(channel, n + 1);
      if (n === 0) sub.subscribe(PREFIX + channel).catch(onError);
      const off = local.subscribe(channel, handler);
      return () => {
        off();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left > 0) {
          counts.set(channel, left);
          return;
        }
        counts.delete(channel);
        sub.unsubscribe(PREFIX + channel).catch(onError);
      };
    },
    async close() {
      await local.close();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

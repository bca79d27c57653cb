// The market stream's channels: ref-counted socket subscriptions, lingering, paused while hidden.
import { SOCKET_STATE } from '@ampere/contract';
import type { PageVisibility } from '@/lib/visibility';
import type { StreamSocket } from './stream';

/** The server's subscribe event; its `un`-prefixed twin unsubscribes (lib/socket). */
const SUBSCRIBE_EVENT = 'sub';

interface Channel {
  readonly name: string;
  readonly receive: (data: unknown) => void;
  /** Views holding the channel. */
  count: number;
  /** Stops the socket subscription; undefined while not subscribed (paused). */
  off: (() => void) | undefined;
  release: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Taking and releasing channels. `resync` runs after a reconnect or a return from the
 * background; `onReleased` when a channel's subscription ends for good.
 */
export function createStreamChannels(deps: {
  socket: () => StreamSocket;
  visibility: PageVisibility;
  lingerMs: number;
  pauseAfterHiddenMs: number;
  resync: () => void;
  onReleased: (name: string) => void;
}) {
  const { visibility, lingerMs, pauseAfterHiddenMs, resync } = deps;

  let socket: StreamSocket | undefined;
  let everConnected = false;
  let paused = false;
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  const channels = new Map<string, Channel>();

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
      deps.onReleased(name);
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

  visibility.onChange((visible) => {
    if (visible) {
      resume();
    } else if (pauseTimer === undefined && !paused) {
      pauseTimer = setTimeout(pause, pauseAfterHiddenMs);
    }
  });

  return { acquire, release };
}

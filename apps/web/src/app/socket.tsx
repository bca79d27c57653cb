import { SOCKET_STATE } from '@ampere/contract';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { MarketStreamContext } from '@/features/market/hooks/useMarketStream';
import { createMarketStream } from '@/features/market/stream';
import type { MarketStream } from '@/features/market/stream';
import { createSocket } from '@/lib/socket';
import type { SocketClient } from '@/lib/socket';
import { configLoader } from './api';
import { getSession, useSession } from './session';

/**
 * The app's one socket (SPEC §7, §9) and the market stream on top of it. Nothing connects at
 * launch: the socket is created and connected when the first market view subscribes.
 */
let client: SocketClient | undefined;
/** The session token the current connection was opened with. */
let connectedToken: string | undefined;

function socketClient(): SocketClient {
  client ??= createSocket({
    url: () => configLoader.waitForField('wss'),
    uid: () => getSession().user?.uid,
    token: () => {
      connectedToken = getSession().token;
      return connectedToken;
    },
  });
  return client;
}

export const marketStream: MarketStream = createMarketStream({ socket: socketClient });

/**
 * The socket authenticates once, when it connects: after signing in or out it reconnects with
 * the new token. Subscriptions survive (the client sends them again), pushes are resynced.
 */
function useSocketSession(): void {
  const { token } = useSession();
  useEffect(() => {
    if (client === undefined || client.state() === SOCKET_STATE.IDLE) return;
    if (token === connectedToken) return;
    client.close();
    client.connect();
  }, [token]);
}

/** Wraps the market views of a page: they read prices from the app's stream. */
export function MarketStreamProvider({ children }: { children: ReactNode }) {
  useSocketSession();
  return <MarketStreamContext value={marketStream}>{children}</MarketStreamContext>;
}

/**
 * Calls `listener` with each message of the signed-in user's private channel `ch` (`orders`,
 * `balance`) until the returned function is called. It shares the app's one socket; the
 * subscription is sent again after every reconnect, including the one that follows signing in.
 */
export function watchUserChannel(
  ch: 'orders' | 'balance',
  listener: (data: unknown) => void,
): () => void {
  const socket = socketClient();
  const off = socket.subscribe(
    'sub',
    { ch },
    (msg) => {
      listener(msg.data);
    },
    (name) => name === ch,
  );
  socket.connect();
  return off;
}

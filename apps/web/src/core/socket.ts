import { SOCKET_STATE } from '@ampere/contract';
import { useEffect } from 'react';
import { createSocket } from '@/lib/socket';
import type { SocketClient } from '@/lib/socket';
import { configLoader } from './api';
import { getSession, useSession } from './session';

/**
 * The app's one socket (SPEC §7, §9). Nothing connects at launch: the socket is created and
 * connected when the first view subscribes (a market view, or a signed-in user's channels).
 */
let client: SocketClient | undefined;
/** The session token the current connection was opened with. */
let connectedToken: string | undefined;

export function socketClient(): SocketClient {
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

/**
 * The socket authenticates once, when it connects: after signing in or out it reconnects with
 * the new token. Subscriptions survive (the client sends them again), pushes are resynced.
 */
export function useSocketSession(): void {
  const { token } = useSession();
  useEffect(() => {
    if (client === undefined || client.state() === SOCKET_STATE.IDLE) return;
    if (token === connectedToken) return;
    client.close();
    client.connect();
  }, [token]);
}

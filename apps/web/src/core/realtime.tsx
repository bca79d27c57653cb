import {
  SOCKET_CHANNELS,
  socketChannelKind,
  type ChannelPayload,
  type SocketChannel,
} from '@ampere/contract';
import { createContext, use, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { socketClient, useSocketSession } from './socket';

/** Starts watching channel `ch`; returns the function that stops. */
export type WatchChannel = <C extends SocketChannel>(
  ch: C,
  listener: (data: ChannelPayload<C>) => void,
) => () => void;

/**
 * Calls `listener` with each message of channel `ch`, checked against the contract's schema for
 * it (SOCKET_CHANNELS; anything else is dropped). It shares the app's one socket; the
 * subscription is sent again after every reconnect, including the one that follows signing in.
 */
export const watchChannel: WatchChannel = (ch, listener) => {
  const kind = socketChannelKind(ch);
  if (kind === undefined) throw new Error(`no socket channel ${ch}`);
  const schema = SOCKET_CHANNELS[kind].schema;
  const socket = socketClient();
  const off = socket.subscribe(
    'sub',
    { ch },
    (msg) => {
      const parsed = schema.safeParse(msg.data);
      // The schema is the one for `ch`'s kind: its output is this channel's payload.
      if (parsed.success) listener(parsed.data as ChannelPayload<typeof ch>);
    },
    (name) => name === ch,
  );
  socket.connect();
  return off;
};

/**
 * How views watch channels. Provided where pushes are wanted (RealtimeProvider); without a
 * provider (a unit test, a page that does not stream) nothing subscribes and polls keep things
 * fresh.
 */
const RealtimeContext = createContext<WatchChannel | undefined>(undefined);

/** Gives the views inside it the app's socket channels, following sign-in and sign-out. */
export function RealtimeProvider({
  children,
  watch = watchChannel,
}: {
  children: ReactNode;
  watch?: WatchChannel;
}) {
  useSocketSession();
  return <RealtimeContext value={watch}>{children}</RealtimeContext>;
}

/** Calls `onData` with each message of `ch` while mounted (the latest `onData`, no resubscribe). */
export function useChannel<C extends SocketChannel>(
  ch: C,
  onData: (data: ChannelPayload<C>) => void,
): void {
  const watch = use(RealtimeContext);
  const latest = useRef(onData);
  useEffect(() => {
    latest.current = onData;
  }, [onData]);
  useEffect(() => {
    if (watch === undefined) return;
    return watch(ch, (data) => {
      latest.current(data);
    });
  }, [watch, ch]);
}

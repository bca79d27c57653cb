import type { ReactNode } from 'react';
import { socketClient, useSocketSession } from '@/core/socket';
import { MarketStreamContext } from './hooks/useMarketStream';
import { createMarketStream } from './stream';
import type { MarketStream } from './stream';

/** The app's market stream, on the app's one socket. */
export const marketStream: MarketStream = createMarketStream({ socket: socketClient });

/** Wraps the market views of a page: they read prices from the app's stream. */
export function MarketStreamProvider({ children }: { children: ReactNode }) {
  useSocketSession();
  return <MarketStreamContext value={marketStream}>{children}</MarketStreamContext>;
}

import type { Candle, KlineInterval } from '@ampere/contract';
import { createContext, use, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveTicker } from '../quote';
import type { MarketStream } from '../stream';

/**
 * The app's market stream, provided by the app (app/socket.tsx) so this feature never reaches
 * into app/ itself.
 */
export const MarketStreamContext = createContext<MarketStream | undefined>(undefined);

export function useMarketStream(): MarketStream {
  const stream = use(MarketStreamContext);
  if (stream === undefined) throw new Error('useMarketStream outside <MarketStreamProvider>');
  return stream;
}

const noop = () => undefined;

/**
 * The newest ticker of `symbol` (undefined until the first one). The component re-renders only
 * when this symbol's ticker changes, at most once per animation frame.
 */
export function useTicker(symbol: string | undefined): LiveTicker | undefined {
  const stream = useMarketStream();
  const subscribe = useCallback(
    (onChange: () => void) => (symbol === undefined ? noop : stream.watchTicker(symbol, onChange)),
    [stream, symbol],
  );
  const read = useCallback(
    () => (symbol === undefined ? undefined : stream.ticker(symbol)),
    [stream, symbol],
  );
  return useSyncExternalStore(subscribe, read);
}

/** Keeps the latest callback without resubscribing when it changes identity. */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

/**
 * Calls `onCandles` with each frame's pushed candles of one series, oldest first. Meant for
 * imperative consumers (the chart): nothing re-renders unless the callback decides to.
 */
export function useKlineStream(
  symbol: string,
  interval: KlineInterval,
  onCandles: (candles: readonly Candle[]) => void,
): void {
  const stream = useMarketStream();
  const latest = useLatest(onCandles);
  useEffect(
    () =>
      stream.watchKline(symbol, interval, (candles) => {
        latest.current(candles);
      }),
    [stream, symbol, interval, latest],
  );
}

/** Calls `onResync` after a reconnect or a return from the background. */
export function useMarketResync(onResync: () => void): void {
  const stream = useMarketStream();
  const latest = useLatest(onResync);
  useEffect(
    () =>
      stream.onResync(() => {
        latest.current();
      }),
    [stream, latest],
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import type { Candle } from '@ampere/contract';
import { api } from '@/core/api';
import { RealtimeProvider } from '@/core/realtime';
import { MarketStreamProvider } from '@/features/market/MarketStreamProvider';
import { fetchCandles } from '@/features/market/api/market';
import { useKlineStream, useMarketResync } from '@/features/market/hooks/useMarketStream';
import { tradeKeys } from '@/features/trade/api/trade';
import { SPARK_POINTS_MAX, mergeCloses } from '@/features/trade/sparkData';
import { walletKeys } from '@/features/wallet/api/wallet';
import { useBalancePushes } from '@/features/wallet/hooks/useBalancePushes';
import { useBalance } from '@/features/wallet/hooks/useWallet';

/**
 * What the trade pages stream: market prices, and the signed-in user's orders and balances over
 * the app's one socket.
 */
export function TradeStreams({ children }: { children: ReactNode }) {
  return (
    <MarketStreamProvider>
      <RealtimeProvider>{children}</RealtimeProvider>
    </MarketStreamProvider>
  );
}

/** The wallet balance, fetched again whenever the server says it changed. */
export function useLiveBalance() {
  const client = useQueryClient();
  useBalancePushes(
    useCallback(() => {
      void client.invalidateQueries({ queryKey: walletKeys.balance() });
    }, [client]),
  );
  return useBalance(api);
}

/** One-second candles cover a short price line; the history is refetched after a resync. */
const SPARK_INTERVAL = '1s';

/**
 * The recent closes of `symbol`, oldest first, moving with the one-second candle stream: the
 * data of a light price line. With `sinceMs` only the closes from that time on.
 */
export function useSparkPrices(symbol: string, sinceMs?: number): string[] {
  const history = useQuery({
    queryKey: tradeKeys.spark(symbol),
    queryFn: ({ signal }) =>
      fetchCandles(api, { symbol, interval: SPARK_INTERVAL, limit: SPARK_POINTS_MAX }, signal),
  });
  const { refetch } = history;
  useMarketResync(() => {
    void refetch();
  });
  const [live, setLive] = useState<{ symbol: string; candles: Candle[] }>({
    symbol,
    candles: [],
  });
  useKlineStream(symbol, SPARK_INTERVAL, (candles) => {
    setLive((current) => ({
      symbol,
      candles: [...(current.symbol === symbol ? current.candles : []), ...candles].slice(
        -SPARK_POINTS_MAX,
      ),
    }));
  });
  const points = mergeCloses(
    mergeCloses([], history.data ?? []),
    live.symbol === symbol ? live.candles : [],
  );
  const start = sinceMs === undefined ? undefined : sinceMs - 1000;
  return points.filter(([time]) => start === undefined || time >= start).map(([, close]) => close);
}

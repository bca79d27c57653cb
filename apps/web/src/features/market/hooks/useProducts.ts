import type { LocaleKey } from '@ampere/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Api } from '@ampere/client';
import { fetchProducts, marketKeys } from '../api/market';
import { useMarketResync } from './useMarketStream';

/**
 * Prices move through the socket; the list itself (states, 24 h statistics, the 24 h open the
 * live change is computed from) is fetched again now and then, and whenever the stream missed
 * pushes (reconnect, return from the background).
 */
export const PRODUCTS_REFRESH_MS = 30_000;

/** The products read, for the hook and for a page that starts it before the list mounts. */
export const productsQuery = (api: Api, locale: LocaleKey) =>
  queryOptions({
    queryKey: marketKeys.products(locale),
    queryFn: ({ signal }) => fetchProducts(api, signal),
    refetchInterval: PRODUCTS_REFRESH_MS,
    staleTime: PRODUCTS_REFRESH_MS / 2,
  });

export function useProducts(api: Api, locale: LocaleKey) {
  const query = useQuery(productsQuery(api, locale));
  const { refetch } = query;
  useMarketResync(() => {
    void refetch();
  });
  return query;
}

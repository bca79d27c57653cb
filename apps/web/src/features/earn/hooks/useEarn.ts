import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarnRedeemPreview } from '@ampere/contract';
import { api } from '@/core/api';
import {
  earnKeys,
  fetchFundPasswordSet,
  fetchOrder,
  fetchOrders,
  fetchPreview,
  fetchProduct,
  fetchProducts,
  fetchSummary,
  redeem,
  subscribe,
  type EarnTab,
} from '../api/earn';

export const useEarnSummary = () =>
  useQuery({ queryKey: earnKeys.summary(), queryFn: ({ signal }) => fetchSummary(api, signal) });

export const useEarnProducts = () =>
  useQuery({ queryKey: earnKeys.products(), queryFn: ({ signal }) => fetchProducts(api, signal) });

export const useEarnProduct = (id: string) =>
  useQuery({
    queryKey: earnKeys.product(id),
    queryFn: ({ signal }) => fetchProduct(api, id, signal),
    enabled: id !== '',
  });

export const useEarnOrders = (tab: EarnTab) =>
  useInfiniteQuery({
    queryKey: earnKeys.orders(tab),
    queryFn: ({ pageParam, signal }) => fetchOrders(api, tab, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useEarnOrder = (id: string) =>
  useQuery({
    queryKey: earnKeys.order(id),
    queryFn: ({ signal }) => fetchOrder(api, id, signal),
    enabled: id !== '',
  });

/** The preview is asked for afresh each time the redemption sheet opens. */
export const useRedeemPreview = (id: string, open: boolean) =>
  useQuery({
    queryKey: earnKeys.preview(id),
    queryFn: ({ signal }) => fetchPreview(api, id, signal),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });

export const useFundPasswordSet = () =>
  useQuery({
    queryKey: earnKeys.fundPassword(),
    queryFn: ({ signal }) => fetchFundPasswordSet(api, signal),
  });

/**
 * After money moved: Earn and the wallet read again. A redemption preview is not: it belongs to
 * the sheet that just acted, and the order it previews is no longer redeemable (asking again
 * would only be refused); it is dropped, to be asked afresh when a sheet next opens.
 */
function useRefresh() {
  const client = useQueryClient();
  const isPreview = (key: readonly unknown[]) => key[1] === earnKeys.preview('')[1];
  return () => {
    client.removeQueries({ queryKey: earnKeys.all, predicate: (q) => isPreview(q.queryKey) });
    void client.invalidateQueries({
      queryKey: earnKeys.all,
      predicate: (q) => !isPreview(q.queryKey),
    });
    void client.invalidateQueries({ queryKey: ['wallet'] });
  };
}

export function useSubscribe() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { productId: string; amount: string; password?: string; key: string }) =>
      subscribe(
        api,
        {
          productId: v.productId,
          amount: v.amount,
          ...(v.password ? { password: v.password } : {}),
        },
        v.key,
      ),
    onSuccess: refresh,
  });
}

export function useRedeem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { preview: EarnRedeemPreview; password?: string; key: string }) =>
      redeem(api, v.preview, v.password, v.key),
    onSuccess: refresh,
  });
}

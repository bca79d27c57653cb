import type { Book, Order } from '@ampere/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Api } from '@ampere/client';
import {
  buy,
  fetchClosedOrders,
  fetchOpenOrders,
  fetchOrder,
  fetchPeriods,
  fetchReceipt,
  fetchTradeLimits,
  saveTradeLimits,
  tradeKeys,
} from '../api/trade';
import type { BuyIntent, TradeLimitsForm } from '../api/trade';
import { SETTLE_POLL_AFTER_MS, SETTLE_POLL_MS, localDeadline } from '../countdown';
import { newerOrder } from '../outcome';
import { useOrderPushes } from './useOrderPushes';

/** An order with its deadline on this device's clock (countdown.ts). */
export interface TimedOrder {
  order: Order;
  deadlineMs: number;
}

export function timed(order: Order, receivedAtMs: number = Date.now()): TimedOrder {
  return { order, deadlineMs: localDeadline(order, receivedAtMs) };
}

/** Periods change only when the back office edits them. */
const PERIODS_STALE_MS = 60_000;

export function usePeriods(api: Api, symbol: string | undefined) {
  return useQuery({
    queryKey: tradeKeys.periods(symbol ?? ''),
    queryFn: ({ signal }) => fetchPeriods(api, symbol ?? '', signal),
    enabled: symbol !== undefined,
    staleTime: PERIODS_STALE_MS,
  });
}

/**
 * When to ask again about these orders: at the first deadline (plus the settling second) of an
 * open one, then every 2 s while it is still open. A fixed interval would be evaluated only when
 * the data changes, so the delay is computed from the deadlines instead; false with none open.
 */
export function settlePollDelay(
  orders: readonly TimedOrder[] | undefined,
  nowMs: number = Date.now(),
): number | false {
  const deadlines = (orders ?? [])
    .filter(({ order }) => order.status === 'open')
    .map(({ deadlineMs }) => deadlineMs + SETTLE_POLL_AFTER_MS);
  if (deadlines.length === 0) return false;
  return Math.max(SETTLE_POLL_MS, Math.min(...deadlines) - nowMs);
}

/**
 * The caller's open orders. Pushes keep it current; when an order is past expiry and its
 * settlement has not been pushed (the socket may be down), it is asked again every 2 s.
 */
export function useOpenOrders(api: Api, book: Book = 'real') {
  return useQuery({
    queryKey: tradeKeys.open(book),
    queryFn: async ({ signal }) => {
      const items = await fetchOpenOrders(api, undefined, signal, book);
      const receivedAt = Date.now();
      return items.map((order) => timed(order, receivedAt));
    },
    refetchInterval: (query) => settlePollDelay(query.state.data),
    refetchOnWindowFocus: true,
  });
}

/** The first page has no cursor; each later one takes the `nextCursor` of the page before. */
const FIRST_PAGE: string | undefined = undefined;

export function useClosedOrders(api: Api, book: Book = 'real') {
  return useInfiniteQuery({
    queryKey: tradeKeys.closed(book),
    queryFn: ({ pageParam, signal }) => fetchClosedOrders(api, pageParam, signal, book),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * One order, followed to its outcome: pushes replace it as it changes, and once it is past
 * expiry without a push it is asked for every 2 s until it has settled.
 */
export function useOrder(api: Api, id: string, symbol: string | undefined) {
  return useQuery({
    queryKey: tradeKeys.order(id),
    queryFn: async ({ signal }) => timed(await fetchOrder(api, id, symbol, signal)),
    enabled: id !== '',
    refetchInterval: (query) => {
      const data = query.state.data;
      return data === undefined ? false : settlePollDelay([data]);
    },
    // A settled order never changes again; an open one follows pushes and the poll above.
    staleTime: Infinity,
  });
}

export function useReceipt(api: Api, id: string | undefined) {
  return useQuery({
    queryKey: tradeKeys.receipt(id ?? ''),
    queryFn: ({ signal }) => fetchReceipt(api, id ?? '', signal),
    enabled: id !== undefined,
  });
}

/** Applies a pushed (or just bought) order to every list and view that shows it. */
export function applyOrder(client: QueryClient, order: Order, receivedAtMs = Date.now()): void {
  client.setQueryData<TimedOrder>(tradeKeys.order(order.id), (current) => {
    const next = newerOrder(current?.order, order);
    return next === current?.order ? current : timed(next, receivedAtMs);
  });
  void client.invalidateQueries({ queryKey: tradeKeys.open(order.book) });
  // A practice order moved the practice book (features/practice: its key is ['practice', …]).
  if (order.book === 'practice') void client.invalidateQueries({ queryKey: ['practice'] });
  if (order.status !== 'open') {
    void client.invalidateQueries({ queryKey: tradeKeys.closed() });
    void client.invalidateQueries({ queryKey: tradeKeys.limits() });
  }
}

/** Keeps the trade views current with the `orders` channel while the calling page is mounted. */
export function useOrderSync(): void {
  const client = useQueryClient();
  useOrderPushes(
    useCallback(
      (order: Order) => {
        applyOrder(client, order);
      },
      [client],
    ),
  );
}

export function useBuy(api: Api) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ intent, key }: { intent: BuyIntent; key: string }) => buy(api, intent, key),
    onSuccess: (order) => {
      applyOrder(client, order);
    },
  });
}

export function useTradeLimits(api: Api) {
  return useQuery({
    queryKey: tradeKeys.limits(),
    queryFn: ({ signal }) => fetchTradeLimits(api, signal),
    refetchOnWindowFocus: true,
  });
}

export function useSaveTradeLimits(api: Api) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ form, tz }: { form: TradeLimitsForm; tz: number }) =>
      saveTradeLimits(api, form, tz),
    onSuccess: (limits) => {
      client.setQueryData(tradeKeys.limits(), limits);
    },
  });
}

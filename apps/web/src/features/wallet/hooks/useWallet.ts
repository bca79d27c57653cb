import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Api } from '@ampere/client';
import { fetchBalance, fetchRecent, fetchRecords, walletKeys } from '../api/wallet';
import type { StatementFilters } from '../api/wallet';

/**
 * Balances change behind the user's back (a trade settles, support credits an adjustment), and
 * until the socket pushes changes (a later issue) coming back to the app is the moment to look
 * again: these two refetch on focus, which the app turns off by default.
 */
export function useBalance(api: Api) {
  return useQuery({
    queryKey: walletKeys.balance(),
    queryFn: ({ signal }) => fetchBalance(api, signal),
    refetchOnWindowFocus: true,
  });
}

export function useRecentDetails(api: Api) {
  return useQuery({
    queryKey: walletKeys.recent(),
    queryFn: ({ signal }) => fetchRecent(api, signal),
    refetchOnWindowFocus: true,
  });
}

/** The first page has no cursor; each later one takes the `nextCursor` of the page before. */
const FIRST_PAGE: string | undefined = undefined;

/** The statement, newest first, one page per `nextCursor`. */
export function useStatement(api: Api, filters: StatementFilters) {
  return useInfiniteQuery({
    queryKey: walletKeys.records(filters),
    queryFn: ({ pageParam, signal }) => fetchRecords(api, filters, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

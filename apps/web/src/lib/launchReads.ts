import { hashKey } from '@tanstack/react-query';
import type { Query, QueryKey } from '@tanstack/react-query';
import { endLaunchRequests } from './launchRequest';

/**
 * Reads launch started for the first screen (main.tsx, Home's `prefetchHomeData`), by query hash.
 * While a read is listed, a component mounting with it takes launch's answer (or its request in
 * flight) instead of asking again: Home's parts mount just after launch started them, and on a
 * slow link the second request was a round trip more (issue #20). The list holds only for the
 * first screen — it is emptied when that screen is done or the user leaves the page it opened
 * on (AppShell) — so a page opened later (Mine, which shows the invite count `user/home` also
 * carries) always reads afresh, as every query of the app's cache (app/queryClient.ts) does on mount.
 */
const launchReads = new Set<string>();

/** Lists `queryKey` as a read launch started for the first screen. */
export function markLaunchRead(queryKey: QueryKey): void {
  launchReads.add(hashKey(queryKey));
}

/** The first screen is done (or left): every query reads afresh on mount from now on. */
export function endLaunchReads(): void {
  launchReads.clear();
  // And first-page.js's early answers (lib/launchRequest.ts) with them.
  endLaunchRequests(window);
}

/** Whether a mounting component asks again: not for a read launch started for this screen. */
export function refetchOnMount(query: Query): boolean {
  return !launchReads.has(query.queryHash);
}

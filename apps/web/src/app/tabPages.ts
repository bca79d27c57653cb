import type { TabKey } from '@/lib/nav';
import { onIdle } from '@/lib/firstScreen';

/**
 * The other tab pages' chunks (Home ships with the first page), and when they load before they
 * are opened (issue #20). A navigation is a transition (React Router), so a tab whose chunk is
 * still loading keeps the current page on screen until it is ready, never a blank frame.
 *
 * - **With a service worker** (a production build in a browser that has them): the worker
 *   precaches the whole build once the first screen is done (main.tsx), fetching in its own
 *   thread into the HTTP cache the page shares (hashed files are immutable), so opening a tab
 *   reads its chunk from the disk. The page itself fetches nothing ahead: evaluating five pages
 *   nobody has opened, and adding a link for each of their ≈ 20–46 files, kept a slow phone's main
 *   thread busy just as Home became usable (Lighthouse, Home signed in: about half its blocking
 *   time, and 104 requests against 55; BENCHMARKS.md, session 21).
 * - **Without one** (the dev server, a browser without workers): the pages are fetched one after
 *   another in idle periods once the first screen is done (`prefetchTabPages`), as the worker
 *   would.
 * - **Either way**, a finger on a tab starts its page loading (`preloadTab`, on `pointerdown`),
 *   the ≈ 100 ms before the tap ends.
 */
export const tabLoaders = {
  markets: () => import('@/pages/tabbar/MarketsPage'),
  trade: () => import('@/pages/tabbar/TradePage'),
  customer: () => import('@/pages/tabbar/CustomerPage'),
  asset: () => import('@/pages/tabbar/AssetPage'),
  mine: () => import('@/pages/tabbar/MinePage'),
} satisfies Record<Exclude<TabKey, 'home'>, () => Promise<unknown>>;

/** Starts loading a tab's page (a module loads once; Home is always loaded). */
export function preloadTab(key: TabKey): void {
  if (key === 'home') return;
  // A failed load costs nothing here: the page loads (and reports) again when it is opened.
  tabLoaders[key]().catch(() => undefined);
}

/** Whether a service worker will fetch the build for this page (see above). */
export function workerFetchesBuild(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Loads the other tab pages one after another, each in an idle period of its own (TBT: a page's
 * import adds a link for each of its files and evaluates them, and the five at once made tasks of
 * 150–200 ms on a slow phone). Returns the way to stop before the next one.
 */
export function prefetchTabPages(): () => void {
  const loads = Object.values(tabLoaders);
  let stop: (() => void) | undefined;
  let stopped = false;
  const next = () => {
    const load = loads.shift();
    if (!load || stopped) return;
    void load()
      .catch(() => undefined)
      .then(() => {
        if (!stopped) stop = onIdle(next);
      });
  };
  stop = onIdle(next);
  return () => {
    stopped = true;
    stop?.();
  };
}

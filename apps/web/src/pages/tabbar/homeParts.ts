import type { QueryClient } from '@tanstack/react-query';
import type { LocaleKey } from '@ampere/contract';
import type * as HomeContent from './HomePageContent';
import type * as HomeMarkets from './HomePageMarkets';

/**
 * Home's lazy parts (HomePage.tsx): banners, announcements, level and balances, and the market
 * summary — one chunk, `home` (vite.config.ts). Named here so launch can start them early for a
 * signed-in user (app/launch.ts) and HomePage's `lazy` reuses the same download.
 */
let content: typeof HomeContent | undefined;
let markets: typeof HomeMarkets | undefined;
export const loadHomeContent = () =>
  import('./HomePageContent').then((m) => {
    content = m;
    return m;
  });
export const loadHomeMarkets = () =>
  import('./HomePageMarkets').then((m) => {
    markets = m;
    return m;
  });
/** The parts' modules once a load has resolved (lib/lazyLoaded.ts draws them without a wait). */
export const loadedHomeContent = () => content;
export const loadedHomeMarkets = () => markets;

export function loadHomeParts(): Promise<unknown> {
  return Promise.all([loadHomeContent(), loadHomeMarkets()]);
}

/**
 * Home's first-screen reads, started into the app's query cache (homeData.ts, in Home's chunk):
 * for a signed-in user at launch, beside the parts' chunk, instead of after Home has rendered.
 */
export function prefetchHomeData(
  client: QueryClient,
  username: string,
  locale: LocaleKey,
): Promise<void> {
  return import('./homeData').then((m) => {
    m.prefetchHomeData(client, username, locale);
  });
}

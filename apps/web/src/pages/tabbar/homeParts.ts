import type { QueryClient } from '@tanstack/react-query';
import type { LocaleKey } from '@ampere/contract';
import type * as HomeContent from './HomePageContent';
import type * as HomeMarkets from './HomePageMarkets';

/**
 * Home's lazy parts (HomePage.tsx): banners, announcements, level and balances in one chunk
 * (`home`), the market summary in another (`home-markets`, vite.config.ts). Named here so launch
 * can start the first early for a signed-in user (app/launch.ts) and HomePage's `lazy` reuses the
 * same download.
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

/**
 * The parts launch starts for Home's first screen: banners, announcements, level and balances.
 * The market summary is below the fold; HomePage loads it once that screen is done (issue #20).
 */
export function loadHomeParts(): Promise<unknown> {
  return loadHomeContent();
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

import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import type { LocaleKey } from '@ampere/contract';
import { markLaunchRead } from '@/lib/launchReads';
import { api } from '@/core/api';
import { accountQueryKeys, fetchHome } from '@/features/account/api/account';
import { contentKeys, fetchIndex, fetchUserNotices } from '@/features/content/api/content';

/**
 * Home's first-screen reads (issue #20): the announcements and banners (`common/index`), the
 * unread count (`user/notices`), and level and balances (`user/home`), under the same keys and
 * with the same functions as Home's hooks (useHomeContent, useUserNotices, useHome); the content
 * feature's messages come with the locale's own (i18n/locales/<locale>/index.ts). The market rows
 * are below the fold: their part reads the products when it loads, after this screen. Started at
 * launch for a signed-in user (main.tsx, through homeParts.ts), so they travel beside Home's chunk
 * instead of after its first render; the hooks then find them in flight, or done. A failure is
 * left to the hooks, which fetch again and show it.
 */
export function prefetchHomeData(client: QueryClient, username: string, locale: LocaleKey): void {
  const start = (read: Promise<unknown>) => {
    read.catch(() => undefined); // the hooks fetch again and show a failure
  };
  // Each read is listed for the first screen (app/queryClient.ts): Home's hooks mounting next
  // take it instead of asking again.
  const read = <T>(queryKey: QueryKey, queryFn: QueryFunction<T>) => {
    markLaunchRead(queryKey);
    start(client.query({ queryKey, queryFn }));
  };
  read(contentKeys.index(locale), () => fetchIndex(api));
  read(contentKeys.userNotices(username, locale), () => fetchUserNotices(api));
  read(accountQueryKeys.home(username), () => fetchHome(api));
}

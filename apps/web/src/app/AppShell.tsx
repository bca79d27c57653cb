import { useEffect, useRef } from 'react';
import { PATHS } from '@/config/paths';
import { useOpenDialog } from '@/hooks/useAppNavigate';
import { useLocation } from 'react-router';
import { useTradeReminder } from '@/features/trade/hooks/useTradeReminder';
import { api } from '@/core/api';
import { AppRoutes } from './AppRoutes';
import { ConfigGate, useConfig } from '@/core/config';
import { useDismissOverlaysOnNavigate } from '@/core/navigation';
import { prefetchTabPages, workerFetchesBuild } from './tabPages';
import { endLaunchReads } from '@/lib/launchReads';
import { afterFirstScreen, afterNextPaint, releaseLaunch } from '@/lib/firstScreen';
import { sendTo } from '@/core/restriction';
import { useSession } from '@/core/session';
import { useAgreementOnLaunch } from './useAgreementOnLaunch';
import { OfflineBanner } from '@/components/OfflineBanner';

/**
 * SPEC §4: a user whose account is disabled (status 0, with a username) is sent to the address
 * the config names, again after every navigation, since that address may be a page of this app.
 * The restricted page and customer service stay open to them (core/restriction.ts).
 */
function useDisabledAccountRedirect(): void {
  const { user } = useSession();
  const { Black_run: blackRun } = useConfig();
  const { key } = useLocation();
  const disabled = user?.status === 0 && user.username !== '';
  useEffect(() => {
    if (disabled) sendTo(blackRun);
  }, [disabled, blackRun, key]);
}

/** Users whose pop-up notices this run of the app has already asked the server for. */
const popupsChecked = new Set<string>();
const SIGN_IN_PAGES: readonly string[] = [PATHS.login, PATHS.register, PATHS.findPassword];

/**
 * Issue #17: at launch (and after signing in), pop-up announcements the user has not seen on any
 * device open in the notice dialog. The check is its own chunk (it brings the contract's
 * schemas), so the first download does not grow, and runs once the first screen is done.
 */
function usePopupNoticesOnLaunch(): void {
  const { isLogin, user } = useSession();
  const { pathname } = useLocation();
  const openDialog = useOpenDialog();
  const username = user?.username;
  const ready = isLogin && username !== undefined && !SIGN_IN_PAGES.includes(pathname);
  useEffect(() => {
    if (!ready || popupsChecked.has(username)) return;
    // A dialog over the page: it waits until the first screen is done (issue #20).
    return afterFirstScreen(() => {
      if (popupsChecked.has(username)) return;
      popupsChecked.add(username);
      import('@/features/content/api/content')
        .then(({ fetchPopups }) => fetchPopups(api))
        .then(({ items }) => {
          if (items.length > 0) openDialog(`${PATHS.noticeDialog}?popup=1`);
        })
        .catch(() => {
          // Tried again at the next navigation.
          popupsChecked.delete(username);
        });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per user, not per location
  }, [ready, username]);
}

function ConfiguredApp() {
  // The launch's hold ends once this first configured screen has painted (lib/firstScreen.ts):
  // its page's own holds were taken in this commit, before this effect (children's run first).
  useEffect(() => {
    afterNextPaint(releaseLaunch);
  }, []);
  useDisabledAccountRedirect();
  usePopupNoticesOnLaunch();
  const agreementSheet = useAgreementOnLaunch();
  const { isLogin, user } = useSession();
  useTradeReminder(api, user?.username);
  useEffect(() => {
    // Without a service worker to fetch them (tabPages.ts), once the first screen is done (its
    // lazy parts and data in, then an idle period), so the tab chunks never compete with it
    // (issue #20). A visitor is on Log in, whose own chunks come first on a slow network; the
    // tabs follow once they have signed in.
    if (!isLogin || workerFetchesBuild()) return;
    let stopPrefetch: (() => void) | undefined;
    const stopWaiting = afterFirstScreen(() => {
      stopPrefetch = prefetchTabPages();
    });
    return () => {
      stopWaiting();
      stopPrefetch?.();
    };
  }, [isLogin]);
  return (
    <>
      <AppRoutes />
      {agreementSheet}
    </>
  );
}

/**
 * Home's launch reads (app/queryClient.ts) serve the page the app opened on: once the user goes
 * elsewhere, every page reads afresh as it mounts.
 */
function useLaunchReadsEndOnNavigate(): void {
  const { key } = useLocation();
  const launchKey = useRef(key);
  useEffect(() => {
    if (key !== launchKey.current) endLaunchReads();
  }, [key]);
}

/** Everything inside the router: launch-wide behaviour, the config gate, then the pages. */
export function AppShell() {
  useDismissOverlaysOnNavigate();
  useLaunchReadsEndOnNavigate();
  return (
    <>
      <OfflineBanner />
      <ConfigGate>
        <ConfiguredApp />
      </ConfigGate>
    </>
  );
}

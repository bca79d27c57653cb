import { useEffect } from 'react';
import { PATHS } from '@/config/paths';
import { useOpenDialog } from '@/hooks/useAppNavigate';
import { useLocation } from 'react-router';
import { useTradeReminder } from '@/features/trade/hooks/useTradeReminder';
import { api } from '@/core/api';
import { AppRoutes } from './AppRoutes';
import { ConfigGate, useConfig } from '@/core/config';
import { useDismissOverlaysOnNavigate } from '@/core/navigation';
import { prefetchTabPages } from './routes';
import { useSession } from '@/core/session';

/**
 * SPEC §4: a signed-in user whose account is disabled (status 0) is sent to the address the
 * config names, again after every navigation, since that address may be a page of this app.
 * Only a web address is followed, so a bad config cannot run script.
 */
function useDisabledAccountRedirect(): void {
  const { user } = useSession();
  const { Black_run: blackRun } = useConfig();
  const { key } = useLocation();
  const disabled = user?.status === 0;
  useEffect(() => {
    if (!disabled || !/^https?:\/\//i.test(blackRun)) return;
    if (window.location.href !== blackRun) window.location.assign(blackRun);
  }, [disabled, blackRun, key]);
}

/** Users whose pop-up notices this run of the app has already asked the server for. */
const popupsChecked = new Set<string>();
const SIGN_IN_PAGES: readonly string[] = [PATHS.login, PATHS.register, PATHS.findPassword];

/**
 * Issue #17: at launch (and after signing in), pop-up announcements the user has not seen on any
 * device open in the notice dialog. The check is its own chunk (it brings the contract's
 * schemas), so the first download does not grow.
 */
function usePopupNoticesOnLaunch(): void {
  const { isLogin, user } = useSession();
  const { pathname } = useLocation();
  const openDialog = useOpenDialog();
  const username = user?.username;
  const ready = isLogin && username !== undefined && !SIGN_IN_PAGES.includes(pathname);
  useEffect(() => {
    if (!ready || popupsChecked.has(username)) return;
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per user, not per location
  }, [ready, username]);
}

function ConfiguredApp() {
  useDisabledAccountRedirect();
  usePopupNoticesOnLaunch();
  const { isLogin, user } = useSession();
  useTradeReminder(api, user?.username);
  useEffect(() => {
    // After the first page has painted, so the tab chunks never delay it. A visitor is on Log in,
    // whose own chunks come first on a slow network; the tabs follow once they have signed in.
    if (!isLogin) return;
    const timer = setTimeout(prefetchTabPages, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [isLogin]);
  return <AppRoutes />;
}

/** Everything inside the router: launch-wide behaviour, the config gate, then the pages. */
export function AppShell() {
  useDismissOverlaysOnNavigate();
  return (
    <ConfigGate>
      <ConfiguredApp />
    </ConfigGate>
  );
}

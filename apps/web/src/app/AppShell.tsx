import { useEffect } from 'react';
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

function ConfiguredApp() {
  useDisabledAccountRedirect();
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

import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, useLocation, useNavigate } from 'react-router';
import { antdLocaleFor } from '@/i18n/antdLocales';
import { currentLocale } from '@/i18n';
import { captureInviteCode } from '@/lib/storage';
import { AppShell } from './AppShell';
import { bindRouterNavigate } from '@/core/navigation';
import { queryClient } from './queryClient';

/**
 * The declarative hash router: the data router (createHashRouter) would add about 16 KB gzip of
 * loaders, actions and fetchers to the first download (BRIEF §9), and the app uses none of them.
 * What it was used for — navigating from outside React and watching every navigation — is done
 * by <RouterBindings> below.
 */
function RouterBindings() {
  const navigate = useNavigate();
  const { search } = useLocation();
  // An invite link tapped while the app is open only changes the hash, so the code is looked for
  // on every navigation (launch.ts covers the first address). This runs while rendering, before
  // <AppShell> (its next sibling) renders the new page, so the registration form already sees
  // the code; storing the same code again is harmless.
  captureInviteCode(search);
  // Lets the 401 handler relaunch at login from outside React. Navigation targets are absolute
  // paths, so the navigate of any location serves.
  useEffect(() => {
    bindRouterNavigate((to, options) => {
      void navigate(to, options);
    });
  }, [navigate]);
  return null;
}

// React Query assumes it starts online and learns of changes only from `online`/`offline`
// events. An installed app launched offline (the shell from the service worker) fires none:
// its reads would fail and the `online` event would then change nothing, so they would stay
// failed. Told the truth at launch, it holds them and fetches them when the network returns.
onlineManager.setOnline(navigator.onLine);

export function App() {
  // Subscribing here re-renders antd-mobile's provider when the language changes.
  useTranslation();
  return (
    <ConfigProvider locale={antdLocaleFor(currentLocale())}>
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          <RouterBindings />
          <AppShell />
        </HashRouter>
      </QueryClientProvider>
    </ConfigProvider>
  );
}

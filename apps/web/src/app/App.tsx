import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RouterProvider, createHashRouter } from 'react-router';
import { antdLocaleFor } from '@/i18n/antdLocales';
import { currentLocale } from '@/i18n';
import { captureInviteCode } from '@/lib/storage';
import { AppShell } from './AppShell';
import { bindRouterNavigate } from './navigation';

/**
 * One route that matches everything: the pages are declared in <AppRoutes>, where a dialog page
 * can be drawn over the page beneath it. The data router is used for `router.navigate`, which
 * lets the 401 handler relaunch at login from outside React.
 */
const router = createHashRouter([{ path: '*', element: <AppShell /> }]);
bindRouterNavigate((to, options) => {
  void router.navigate(to, options);
});
// An invite link tapped while the app is open only changes the hash, so the code is looked for
// on every navigation (launch.ts covers the first address). Subscribed before <RouterProvider>,
// this runs before the new page renders, so the registration form already sees the code.
router.subscribe(({ location }) => {
  captureInviteCode(location.search);
});

const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already reports failures; one quiet retry covers a flaky mobile link.
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

export function App() {
  // Subscribing here re-renders antd-mobile's provider when the language changes.
  useTranslation();
  return (
    <ConfigProvider locale={antdLocaleFor(currentLocale())}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}

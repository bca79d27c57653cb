import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { PATHS } from '@/config/paths';
import {
  HOME_PATH,
  INDEX_PATH,
  TAB_PATHS,
  isDialogPath,
  isTabPath,
  parseLaunchTarget,
} from '@/lib/nav';
import type { TabKey } from '@/lib/nav';
import { AccessGuard } from './AccessGuard';
import { AppTabBar, TABS } from './AppTabBar';
import { useConfig } from '@/core/config';
import { PageFrame } from './PageFrame';
import { DIALOG_ROUTES, HOME_ROUTE, NotFoundPage, PAGE_ROUTES } from './routes';
import type { PageRoute } from './routes';
import styles from './AppRoutes.module.css';

/** What a dialog page is drawn over when it was opened directly, without a page beneath. */
const HOME_LOCATION: Location = {
  pathname: HOME_PATH,
  search: '',
  hash: '',
  state: null,
  key: 'background',
};

function isLocation(value: unknown): value is Location {
  return (
    typeof value === 'object' &&
    value !== null &&
    'pathname' in value &&
    typeof value.pathname === 'string'
  );
}

/**
 * The page beneath a dialog: the location the dialog was opened from (navigation state
 * `{background}`), else Home. A dialog is never the page beneath another one.
 */
function backgroundOf(location: Location): Location {
  const state: unknown = location.state;
  if (typeof state === 'object' && state !== null && 'background' in state) {
    const { background } = state;
    if (isLocation(background) && !isDialogPath(background.pathname)) return background;
  }
  return HOME_LOCATION;
}

function activeTab(pathname: string): TabKey | undefined {
  if (pathname === '/') return 'home';
  return TABS.find(({ key }) => TAB_PATHS[key] === pathname)?.key;
}

function RoutePage({ page, Component, NavRight }: PageRoute) {
  const { t } = useTranslation();
  const { appName } = useConfig();
  // Home's title bar carries the app's name rather than the word "Home".
  const title = page === 'home' ? appName : t(`pages.${page}.title`);
  return (
    <PageFrame
      title={title}
      isTab={isTabPath(PATHS[page])}
      isEntry={page === 'login' || page === 'register'}
      right={
        NavRight && (
          <Suspense fallback={null}>
            <NavRight />
          </Suspense>
        )
      }
      // Back from the restricted page would only lead back to it.
      noBack={page === 'limit'}
    >
      <Component />
    </PageFrame>
  );
}

function RouteDialogPage({ Component }: { Component: ComponentType }) {
  // Until the dialog's chunk has loaded there is nothing to draw; then its frame animates in.
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  );
}

/** Opens the target of a launch link "#/redirect?url=…" (SPEC §2), or Home if it is unusable. */
function LaunchRedirect() {
  const { search } = useLocation();
  return <Navigate to={parseLaunchTarget(`#/redirect${search}`) ?? HOME_PATH} replace />;
}

/**
 * All pages of SPEC §2. A dialog page renders in a second layer over the page beneath it (the
 * "background location" pattern), so opening one keeps that page mounted, scrolled and alive.
 */
export function AppRoutes() {
  const { t } = useTranslation();
  const location = useLocation();
  const dialogOpen = isDialogPath(location.pathname);
  const pageLocation = dialogOpen ? backgroundOf(location) : location;
  const tab = activeTab(pageLocation.pathname);

  return (
    <AccessGuard>
      <div className={styles.shell} data-with-tabbar={tab !== undefined}>
        <Routes location={pageLocation}>
          <Route path="/" element={<RoutePage {...HOME_ROUTE} />} />
          {PAGE_ROUTES.map((route) => (
            <Route key={route.page} path={PATHS[route.page]} element={<RoutePage {...route} />} />
          ))}
          {/* The home-path constant (SPEC §2) is a different path that leads Home too. */}
          <Route path={INDEX_PATH} element={<Navigate to={HOME_PATH} replace />} />
          <Route path="/redirect" element={<LaunchRedirect />} />
          <Route
            path="*"
            element={
              <PageFrame title={t('pages.notFound.title')} isTab={false}>
                <NotFoundPage />
              </PageFrame>
            }
          />
        </Routes>
      </div>
      {dialogOpen && (
        <Routes>
          {DIALOG_ROUTES.map((route) => (
            <Route
              key={route.page}
              path={PATHS[route.page]}
              element={<RouteDialogPage Component={route.Component} />}
            />
          ))}
        </Routes>
      )}
      {tab && <AppTabBar active={tab} />}
    </AccessGuard>
  );
}

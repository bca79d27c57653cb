import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// antd-mobile's own variables first, so the theme's (contrast AA, issue #20) come after them in
// the first page's one style sheet and win: same selectors, so the order decides.
import 'antd-mobile/es/global';
import '@/styles/theme.css';
import '@/styles/global.css';
import { configLoader } from '@/core/api';
import { App } from '@/app/App';
import { handleLaunchUrl, preloadHomeParts, preloadLandingPage } from '@/app/launch';
import { applyLayoutConstants } from '@/app/layout';
import { linkManifest } from '@/app/manifestLink';
import { loadLoginPage } from '@/app/routes';
import { queryClient } from '@/app/queryClient';
import { endLaunchReads } from '@/lib/launchReads';
import { loadHomeParts, prefetchHomeData } from '@/pages/tabbar/homeParts';
import { afterFirstScreen, afterNextPaint, holdLaunch, releaseLaunch } from '@/lib/firstScreen';
import { getSession } from '@/core/session';
import { startTheme } from '@/core/theme';
import { FALLBACK_LOCALE } from '@ampere/contract';
import { currentLocale, initI18n, initialLocale } from '@/i18n';

// Paint the stored theme before anything renders, so a dark-mode user never sees a white flash.
startTheme();
applyLayoutConstants();
handleLaunchUrl(window.location, window.history);
preloadLandingPage(window.location, getSession().isLogin, loadLoginPage);
const home = preloadHomeParts(window.location, getSession().isLogin, loadHomeParts);
// Started now, in parallel with the messages; a failure shows through the loader's state.
configLoader.load().catch(() => undefined);

/**
 * Issue #20: the work the first screen does not draw (lib/firstScreen.ts: the service worker's
 * precache, the toasts' chunk on Log in, the tab pages) waits until the app has painted with its
 * launch config — not only until `load`, which comes while the app still waits for the messages
 * and the config, and would let that work compete with the first page's own requests. The app
 * ends this hold once its first configured screen has committed and painted (app/AppShell.tsx),
 * after the page's own holds are taken (a page still loading, Home's data); a config that fails
 * ends it here, once its error has painted.
 */
holdLaunch();
// Home's launch reads serve its first screen only (app/queryClient.ts).
afterFirstScreen(endLaunchReads);

/** Ends the launch hold when the config has failed: no configured screen will. */
function releaseOnConfigError(): void {
  const failed = () => configLoader.getState().status === 'error';
  if (failed()) {
    afterNextPaint(releaseLaunch);
    return;
  }
  const stop = configLoader.subscribe(() => {
    if (!failed()) return;
    stop();
    afterNextPaint(releaseLaunch);
  });
}

/**
 * Renders once the messages are in. Not a top-level await: this module shares its chunk with the
 * rest of the first page (vite.config.ts, `app`), and a chunk still evaluating blocks every chunk
 * that imports from it — the chosen language's antd-mobile strings import its locale helpers, so
 * awaiting them at the top level would wait for itself (a reload in German rendered nothing).
 */
async function start(): Promise<void> {
  // Home's first reads, into the cache Home's hooks read, in the language the request layer
  // sends: English (the fallback) until the messages are in, so a launch in English starts them
  // now and one in another language once it is applied.
  // Awaited before the first render: importing Home's chunk (already downloading, first-page.js)
  // and starting the reads takes a moment, and React's first render would otherwise run first.
  const { user } = getSession();
  const prefetchHome = () =>
    home && user
      ? prefetchHomeData(queryClient, user.username, currentLocale()).catch(() => undefined)
      : Promise.resolve();
  const english = initialLocale() === FALLBACK_LOCALE;
  const prefetched = english ? prefetchHome() : undefined;
  await initI18n();
  await (prefetched ?? prefetchHome());
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // Issue #20 (TBT): the first render as a transition, which React renders in slices of a few
  // milliseconds, yielding to the browser between them, instead of one task of hundreds of
  // milliseconds on a slow phone (a tap or a paint waiting behind it). Nothing is on screen yet,
  // so there is nothing for the transition to keep showing meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  releaseOnConfigError();
}
void start();

// Issue #20: the manifest and the service worker, in a production build only and off the first
// download — the registrar below is all the entry carries; the rest loads once the first screen
// is done (the worker precaches the whole build, which must not compete with that screen's own
// parts; the manifest's link, app/manifestLink.ts).
if (import.meta.env.PROD) {
  afterFirstScreen(() => {
    // Mine's install entry holds the browser's prompt, which can follow the link at once; its
    // module is no part of the first download (lib/install.ts). Should it fail to load, the app
    // is linked and installable all the same, from the browser's menu.
    void import('@/lib/install')
      .then(
        ({ watchInstall }) => {
          watchInstall();
        },
        () => undefined,
      )
      .then(() => {
        linkManifest(document);
      });
    if (!('serviceWorker' in navigator)) return;
    void import('@/app/pwa').then(({ registerPwa }) => {
      registerPwa();
    });
  });
}

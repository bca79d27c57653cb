import { registerSW } from 'virtual:pwa-register';
import { i18n } from '@/i18n';
import { loadOverlays } from '@/lib/overlayHandle';

/** How often an open app asks the server whether a new build is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Issue #20: registers the service worker (vite.config.ts `pwa`). Loaded by `main.tsx` after the
 * first render of a production build, so neither the worker nor this module is part of the first
 * download, and the dev server never registers one. When a new build has been precached, the user
 * is asked to reload; until then the running version keeps serving (registerType 'prompt'). The
 * dialog's parts (antd-mobile's Modal and react-spring, lib/overlays.ts) load only then: a launch
 * has no use for them, and evaluating them was one of its longest tasks on a slow phone.
 */
export function registerPwa(): void {
  let asking = false;
  const updateSW = registerSW({
    onNeedRefresh() {
      if (asking) return;
      asking = true;
      loadOverlays()
        .then(({ Modal }) =>
          Modal.confirm({
            content: i18n.t('common.pwa.updateAvailable'),
            confirmText: i18n.t('common.pwa.reload'),
            cancelText: i18n.t('common.pwa.later'),
          }),
        )
        .then(
          (reload) => {
            asking = false;
            // Activates the waiting worker, which reloads the page once it controls it.
            if (reload) void updateSW(true);
          },
          () => {
            // The dialog's chunk did not load (a new build replaced it): asked again next time.
            asking = false;
          },
        );
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
}

import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH, RELAUNCH_DELAY_MS, WEBVIEW_PATH, navModeFor } from '@/lib/nav';
import type { NavMode } from '@/lib/nav';

/**
 * Leaves the current page. A page opened straight from a link has no in-app history to go back
 * to (React Router marks that first entry with the key "default"); going "back" then would leave
 * the app, so it goes Home instead.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(HOME_PATH, { replace: true });
    else void navigate(-1);
  }, [key, navigate]);
}

/**
 * Whether the current page is the first entry of the app's history: nothing in the app to go back
 * to. The router keeps its position in `history.state.idx` (0 for the entry the app opened with,
 * unchanged by a replace, so a redirect to the login page is still first); a memory history has
 * no such state, where the first entry's key "default" tells the same.
 */
export function useIsFirstEntry(): boolean {
  const { key } = useLocation();
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : undefined;
  return key === 'default' || idx === 0;
}

/**
 * Opens a dialog page over the current page: the current location travels along as
 * `background`, the page AppRoutes keeps drawn beneath the dialog.
 */
export function useOpenDialog(): (path: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (path) => {
      void navigate(path, { state: { background: location } });
    },
    [location, navigate],
  );
}

/**
 * Navigation with the SPEC §2 modes. `navModeFor` decides the mode actually used, so a tab page
 * is always reached by a tab switch (replacing, never stacking history) and a web address opens
 * outside the app unless a webview was asked for.
 */
export function useAppNavigate(): (target: string, requested?: NavMode) => void {
  const navigate = useNavigate();
  const goBack = useGoBack();
  return useCallback(
    (target, requested = 'push') => {
      const mode = navModeFor(target, requested);
      switch (mode) {
        case 'push':
          void navigate(target);
          return;
        case 'redirect':
        case 'switchTab':
          void navigate(target, { replace: true });
          return;
        case 'relaunch':
          setTimeout(() => void navigate(target, { replace: true }), RELAUNCH_DELAY_MS);
          return;
        case 'back':
          goBack();
          return;
        case 'webview':
          void navigate(`${WEBVIEW_PATH}?url=${encodeURIComponent(target)}`);
          return;
        case 'external':
          window.open(target, '_blank', 'noopener,noreferrer');
          return;
      }
    },
    [goBack, navigate],
  );
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { RELAUNCH_DELAY_MS } from '@/lib/nav';
import { loadOverlays, loadedOverlays } from '@/lib/overlayHandle';

type RouterNavigate = (to: string, options: { replace: boolean }) => void;

let routerNavigate: RouterNavigate | undefined;

/** The router registers itself so code outside React (the 401 handler) can navigate. */
export function bindRouterNavigate(navigate: RouterNavigate): void {
  routerNavigate = navigate;
}

/** Goes to `target` in the app now, in place of the current entry (code outside React). */
export function navigateNow(target: string): void {
  routerNavigate?.(target, { replace: true });
}

let pendingToast: { content: string; durationMs: number } | undefined;

/**
 * Every navigation dismisses open modals and toasts (SPEC §4), which would also swallow a toast
 * that announces the navigation itself ("Successful login", "You are offline"). Such a toast is
 * handed over here and shown on the page the navigation arrives at.
 */
export function toastOnNextPage(content: string, durationMs: number): void {
  pendingToast = { content, durationMs };
}

/**
 * SPEC §2 "relaunch": start over at `target`. The browser cannot drop its history, so the
 * current entry is replaced. The delay lets the outgoing page's toast or modal close first; a
 * `toast` for the new page is handed over only then, so a navigation that happens meanwhile
 * (the access guard reacting to a cleared session) cannot dismiss it early.
 */
export function relaunch(target: string, toast?: { content: string; durationMs: number }): void {
  setTimeout(() => {
    if (toast) toastOnNextPage(toast.content, toast.durationMs);
    routerNavigate?.(target, { replace: true });
  }, RELAUNCH_DELAY_MS);
}

export function useDismissOverlaysOnNavigate(): void {
  const { key } = useLocation();
  useEffect(() => {
    // Until a chunk has loaded Toast and Modal, none can be open and there is nothing to clear.
    const open = loadedOverlays();
    open?.Modal.clear();
    open?.Toast.clear();
    const toast = pendingToast;
    pendingToast = undefined;
    if (toast === undefined) return;
    const show = ({ Toast }: { Toast: NonNullable<typeof open>['Toast'] }) => {
      Toast.show({ content: toast.content, duration: toast.durationMs });
    };
    if (open) show(open);
    else
      loadOverlays().then(show, (error: unknown) => {
        console.warn('[navigation] could not load the toast', error);
      });
  }, [key]);
}

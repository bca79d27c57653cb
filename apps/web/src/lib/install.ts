import { useSyncExternalStore } from 'react';

/** Chromium's install prompt, held back until the user asks for it (not in lib.dom yet). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * How this browser can put the app on the home screen: `prompt`, its own install dialog, which
 * the app may open once per `beforeinstallprompt` (Chromium); `ios`, by hand from the share menu
 * (Safari and the other iOS browsers have no such event); `null`, not at all, or the app is
 * already installed or running installed.
 */
export type InstallWay = 'prompt' | 'ios' | null;

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Issue #20: holds the browser's install prompt for the Mine page's "Install the app" entry
 * instead of letting Chromium show its own banner over the first screen. Called before the
 * manifest is linked (main.tsx), as the event can follow the link at once.
 */
export function watchInstall(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

function runsInstalled(win: Window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  // (jsdom has no matchMedia.)
  return (
    nav.standalone === true ||
    (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches)
  );
}

/** iPhone, iPod, or an iPad, which names itself a Mac with a touch screen. */
function isIos(nav: Navigator): boolean {
  return (
    /\biP(hone|od|ad)\b/.test(nav.userAgent) ||
    (/\bMacintosh\b/.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}

export function installWay(win: Window = window): InstallWay {
  if (installed || runsInstalled(win)) return null;
  if (deferred) return 'prompt';
  return isIos(win.navigator) ? 'ios' : null;
}

/**
 * Opens the browser's install dialog. A held prompt can be shown once: after it the way is
 * `null` until the browser offers another (Chromium does on a later visit after "Cancel").
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const event = deferred;
  if (!event) return 'dismissed';
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome;
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useInstallWay(): InstallWay {
  return useSyncExternalStore(subscribeInstall, () => installWay());
}

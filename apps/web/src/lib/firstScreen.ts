/**
 * Work the first screen does not draw (the other tabs' chunks, the reminder, pop-up checks)
 * waits until that screen is done (issue #20): after the window's `load`, until no part of the
 * page holds the first screen any more (a lazy part still loading, data still on its way) and the
 * screen that followed has been painted, then in an idle period. Without `requestIdleCallback`
 * (Safari) a short timeout stands in. A part that never finishes cannot block it for ever:
 * `CAP_MS` after `load` the work runs anyway.
 */

/** The longest the work waits for the page's holds after `load`. */
export const CAP_MS = 8_000;
/** The idle callback's own deadline, and Safari's stand-in delay. */
const IDLE_TIMEOUT_MS = 2_000;
const FALLBACK_DELAY_MS = 200;

let holds = 0;
const waiting = new Set<() => void>();

interface IdleWindow {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
}

/** Runs `cb` in an idle period (or after a short delay without the API); returns the way to stop. */
export function onIdle(cb: () => void): () => void {
  const w = globalThis as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const cancel = w.cancelIdleCallback;
    const id = w.requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS });
    return () => {
      cancel(id);
    };
  }
  const timer = setTimeout(cb, FALLBACK_DELAY_MS);
  return () => {
    clearTimeout(timer);
  };
}

/**
 * Holds the first screen until the returned function is called (called again, it does nothing).
 * Placeholders and loading states of the first screen hold it while they are shown.
 */
export function holdFirstScreen(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds === 0) for (const check of [...waiting]) check();
  };
}

/** Runs `cb` once the next frame has painted (two animation frames), or soon without frames. */
export function afterNextPaint(cb: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(cb, 0);
    return;
  }
  requestAnimationFrame(() => {
    requestAnimationFrame(cb);
  });
}

/** `afterNextPaint`, then `onIdle`; returns the way to stop either. */
function afterPaintThenIdle(cb: () => void): () => void {
  let stopped = false;
  let stopIdle: (() => void) | undefined;
  afterNextPaint(() => {
    if (!stopped) stopIdle = onIdle(cb);
  });
  return () => {
    stopped = true;
    stopIdle?.();
  };
}

let launchRelease: (() => void) | undefined;

/**
 * The launch's own hold (main.tsx), from the entry's start until the app has painted its first
 * configured screen (`releaseLaunch`, from inside the app once that screen has committed, after
 * the page's own holds are taken in the same commit), so nothing slips through between the two.
 */
export function holdLaunch(): void {
  launchRelease ??= holdFirstScreen();
}

/** Ends the launch's hold (called again, it does nothing). */
export function releaseLaunch(): void {
  launchRelease?.();
}

/** Whether some part of the page still holds the first screen. */
export function firstScreenHeld(): boolean {
  return holds > 0;
}

/** Runs `task` once the first screen is done (see above); returns the way to call it off. */
export function afterFirstScreen(task: () => void): () => void {
  let stopIdle: (() => void) | undefined;
  let cap: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    cleanup();
    task();
  };
  // When the holds reach zero; checked once the screen they gave way to has been painted (an
  // idle period can come between its commit and its frame reaching the display, and the work
  // would then compete with that frame), then in an idle period, since one part's loading state
  // often gives way to the next in the same render (the count touches zero between them).
  const check = () => {
    stopIdle?.();
    stopIdle = afterPaintThenIdle(() => {
      stopIdle = undefined;
      if (holds === 0) finish();
    });
  };
  const loaded = () => {
    cap = setTimeout(finish, CAP_MS);
    waiting.add(check);
    check();
  };
  const cleanup = () => {
    done = true;
    stopIdle?.();
    if (cap !== undefined) clearTimeout(cap);
    waiting.delete(check);
    if (typeof window !== 'undefined') window.removeEventListener('load', loaded);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
  return cleanup;
}

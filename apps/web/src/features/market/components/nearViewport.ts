/**
 * How far beyond the screen an element counts as near it: a quarter of the screen's height above
 * and below, so that a row scrolling in is brought up to date a few frames before it shows.
 */
export const NEAR_VIEWPORT_MARGIN = '25% 0px';

/** How long the elements stay observed after the last thing that could move them. */
export const NEAR_VIEWPORT_SETTLE_MS = 300;

/**
 * The longest time between two looks, for what moves the elements without saying so (a font that
 * loads, a banner that shows above them).
 */
export const NEAR_VIEWPORT_RECHECK_MS = 2_000;

type Listener = (near: boolean) => void;

interface Watched {
  listener: Listener;
  /** As last reported; undefined before the first report. */
  near: boolean | undefined;
}

const watched = new Map<Element, Watched>();
/** Observed and not reported yet: the observer does not rest before they are. */
const unreported = new Set<Element>();
let observer: IntersectionObserver | undefined;
let observing = false;
/** The observer rests no earlier than this (performance.now()). */
let settlesAt = 0;
let settleTimer: ReturnType<typeof setTimeout> | undefined;
let recheckTimer: ReturnType<typeof setInterval> | undefined;

function report(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    unreported.delete(entry.target);
    const element = watched.get(entry.target);
    if (element === undefined || element.near === entry.isIntersecting) continue;
    element.near = entry.isIntersecting;
    element.listener(entry.isIntersecting);
  }
  rest();
}

/** Stops observing once every element has been reported and nothing has moved them lately. */
function rest(): void {
  if (!observing || unreported.size > 0 || performance.now() < settlesAt) return;
  observer?.disconnect();
  observing = false;
}

function observe(element: Element): void {
  unreported.add(element);
  observer?.observe(element);
}

/** Something may move the elements for `settleMs`: observe them all until then, and reported. */
function stir(settleMs: number): void {
  if (observer === undefined || watched.size === 0) return;
  if (!observing) {
    observing = true;
    for (const element of watched.keys()) observe(element);
  }
  settlesAt = Math.max(settlesAt, performance.now() + settleMs);
  clearTimeout(settleTimer);
  settleTimer = setTimeout(rest, Math.max(0, settlesAt - performance.now()));
}

const moved = (): void => {
  stir(NEAR_VIEWPORT_SETTLE_MS);
};

function start(): void {
  observer = new IntersectionObserver(report, { rootMargin: NEAR_VIEWPORT_MARGIN });
  // Any scroller's scroll reaches the window in the capture phase.
  window.addEventListener('scroll', moved, { capture: true, passive: true });
  window.addEventListener('resize', moved, { passive: true });
  recheckTimer = setInterval(() => {
    stir(0);
  }, NEAR_VIEWPORT_RECHECK_MS);
}

function stop(): void {
  window.removeEventListener('scroll', moved, { capture: true });
  window.removeEventListener('resize', moved);
  clearInterval(recheckTimer);
  clearTimeout(settleTimer);
  observer?.disconnect();
  observer = undefined;
  observing = false;
  settlesAt = 0;
  unreported.clear();
}

/**
 * Tells `listener` whenever `element` comes near the screen or leaves it (NEAR_VIEWPORT_MARGIN),
 * the first time once it is laid out. One IntersectionObserver serves every element, and only
 * while they may be moving: the browser works out an observed element's intersection on every
 * frame that lays anything out, and on a list whose prices tick that was 0.7 ms of each frame at
 * 4× CPU (bench markets-fps) for rows that had not moved. So the elements are observed while the
 * page or any of its scrollers scrolls, the window is resized, or an element comes or goes, until
 * NEAR_VIEWPORT_SETTLE_MS after the last of these and every element has been reported; and once
 * every NEAR_VIEWPORT_RECHECK_MS for what moves them unannounced. Without IntersectionObserver
 * nothing is told, and callers take every element as near. Returns the function that stops
 * watching.
 */
export function watchNearViewport(element: Element, listener: Listener): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  if (observer === undefined) start();
  watched.set(element, { listener, near: undefined });
  if (observing) observe(element);
  moved();
  return () => {
    if (watched.get(element)?.listener !== listener) return;
    watched.delete(element);
    unreported.delete(element);
    observer?.unobserve(element);
    // The elements after it move up.
    if (watched.size === 0) stop();
    else moved();
  };
}

/**
 * How far beyond the screen an element counts as near it: a quarter of the screen's height above
 * and below, so that a row scrolling in is brought up to date a few frames before it shows.
 */
export const NEAR_VIEWPORT_MARGIN = '25% 0px';

type Listener = (near: boolean) => void;

const listeners = new Map<Element, Listener>();
let observer: IntersectionObserver | undefined;

/**
 * Tells `listener` whenever `element` comes near the screen or leaves it (NEAR_VIEWPORT_MARGIN),
 * the first time once it is laid out. One IntersectionObserver serves every element: the browser
 * works out all their intersections in one pass per frame. Without IntersectionObserver nothing
 * is told, and callers take every element as near. Returns the function that stops watching.
 */
export function watchNearViewport(element: Element, listener: Listener): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  listeners.set(element, listener);
  observer.observe(element);
  return () => {
    listeners.delete(element);
    observer?.unobserve(element);
  };
}

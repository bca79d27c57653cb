import { createElement, lazy, useState } from 'react';
import type { ComponentType } from 'react';

/**
 * `React.lazy` for a part that launch may already have fetched (issue #20, LCP). A lazy component
 * suspends on its first render even when its module is in, and React then holds the reveal up to
 * 300 ms after the fallback it committed (its Suspense throttle): on a fast launch, the first
 * page's content waits for a timer. A part whose module has resolved by the time it mounts
 * (`loaded()` returns it) is drawn at once; otherwise it is lazy as before. The choice is made once
 * per mount, so a part never switches component (and loses its state) under the user.
 */
export function lazyLoaded<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  loaded: () => ComponentType<P> | undefined,
): ComponentType<P> {
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  function LazyLoaded(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded() ?? Lazy);
    return createElement(Component, props);
  }
  return LazyLoaded;
}

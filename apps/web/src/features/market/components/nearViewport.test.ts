import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NEAR_VIEWPORT_RECHECK_MS,
  NEAR_VIEWPORT_SETTLE_MS,
  watchNearViewport,
} from './nearViewport';

/**
 * The browser's IntersectionObserver (jsdom has none): it keeps what is observed, and the test
 * reports intersections as the browser would after a frame.
 */
class FakeObserver {
  static current: FakeObserver | undefined;
  readonly observed = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    FakeObserver.current = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** A frame's report: each observed element with whether it is near. */
  frame(near: (element: Element) => boolean) {
    const entries = [...this.observed].map(
      (target) =>
        ({ target, isIntersecting: near(target) }) as unknown as IntersectionObserverEntry,
    );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const observed = () => FakeObserver.current?.observed.size ?? 0;
const frame = (near: (element: Element) => boolean) => {
  FakeObserver.current?.frame(near);
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('watchNearViewport', () => {
  it('tells each element whether it is near, then stops observing until something moves', () => {
    const [a, b] = [document.createElement('li'), document.createElement('li')];
    const seen: string[] = [];
    const stopA = watchNearViewport(a, (near) => seen.push(`a:${near}`));
    const stopB = watchNearViewport(b, (near) => seen.push(`b:${near}`));
    expect(FakeObserver.current?.options?.rootMargin).toBe('25% 0px');
    expect(observed()).toBe(2);
    frame((element) => element === a);
    expect(seen).toEqual(['a:true', 'b:false']);
    // Reported, but the rows may still be moving: observed until they settle.
    vi.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS - 1);
    expect(observed()).toBe(2);
    vi.advanceTimersByTime(1);
    expect(observed()).toBe(0);

    // A scroll (of the page or of any scroller) observes them again; an unchanged element is not
    // told again, a changed one is.
    document.body.dispatchEvent(new Event('scroll'));
    expect(observed()).toBe(2);
    frame(() => true);
    expect(seen).toEqual(['a:true', 'b:false', 'b:true']);
    vi.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS);
    expect(observed()).toBe(0);

    // So does a resize.
    window.dispatchEvent(new Event('resize'));
    expect(observed()).toBe(2);
    frame(() => false);
    expect(seen.slice(3)).toEqual(['a:false', 'b:false']);

    stopA();
    stopB();
  });

  it('does not stop observing an element before it has been reported', () => {
    const a = document.createElement('li');
    const listener = vi.fn();
    const stop = watchNearViewport(a, listener);
    vi.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS * 10);
    // No frame came (a busy or hidden page): still observed.
    expect(observed()).toBe(1);
    frame(() => true);
    // Settled long ago: it rests as soon as it is reported.
    expect(listener).toHaveBeenCalledWith(true);
    expect(observed()).toBe(0);
    stop();
  });

  it('looks again now and then for what moves elements unannounced', () => {
    const a = document.createElement('li');
    const listener = vi.fn();
    const stop = watchNearViewport(a, listener);
    frame(() => false);
    vi.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS);
    expect(observed()).toBe(0);
    vi.advanceTimersByTime(NEAR_VIEWPORT_RECHECK_MS);
    expect(observed()).toBe(1);
    // A banner showed above: the row is near now, and rests once reported.
    frame(() => true);
    expect(listener).toHaveBeenLastCalledWith(true);
    expect(observed()).toBe(0);
    stop();
  });

  it('observes again when an element comes or goes, and stops all when none is left', () => {
    const [a, b] = [document.createElement('li'), document.createElement('li')];
    const stopA = watchNearViewport(a, () => undefined);
    frame(() => true);
    vi.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS);
    expect(observed()).toBe(0);

    const forB = vi.fn();
    const stopB = watchNearViewport(b, forB);
    expect(observed()).toBe(2);
    frame(() => true);
    expect(forB).toHaveBeenCalledWith(true);
    vi.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS);
    expect(observed()).toBe(0);

    // A goes: the elements after it move, so B is observed again; A is not.
    stopA();
    expect(FakeObserver.current?.observed).toEqual(new Set([b]));
    stopB();
    expect(observed()).toBe(0);
    // Nothing is left to watch: no scroll, resize or recheck observes anything.
    const last = FakeObserver.current;
    document.body.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(NEAR_VIEWPORT_RECHECK_MS * 2);
    expect(last?.observed.size).toBe(0);
    expect(FakeObserver.current).toBe(last);
  });
});

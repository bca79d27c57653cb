import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAP_MS, afterFirstScreen, firstScreenHeld, holdFirstScreen } from './firstScreen';

describe('afterFirstScreen (issue #20)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the task in the next idle period once the page has loaded and nothing holds it', () => {
    expect(document.readyState).toBe('complete');
    const task = vi.fn();
    afterFirstScreen(task);
    expect(task).not.toHaveBeenCalled();
    // jsdom has no requestIdleCallback (as Safari): a short timeout stands in.
    vi.advanceTimersByTime(250);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CAP_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits while a part of the page holds the first screen', () => {
    const release = holdFirstScreen();
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(1_000);
    expect(task).not.toHaveBeenCalled();
    release();
    release(); // twice does nothing
    expect(firstScreenHeld()).toBe(false);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('keeps waiting when one loading state gives way to the next in the same render', () => {
    const placeholder = holdFirstScreen();
    const task = vi.fn();
    afterFirstScreen(task);
    placeholder();
    const loading = holdFirstScreen();
    vi.advanceTimersByTime(1_000);
    expect(task).not.toHaveBeenCalled();
    loading();
    vi.advanceTimersByTime(250);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs anyway when a part never finishes', () => {
    const release = holdFirstScreen();
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(CAP_MS);
    expect(task).toHaveBeenCalledTimes(1);
    release();
    vi.advanceTimersByTime(1_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once called off', () => {
    const task = vi.fn();
    afterFirstScreen(task)();
    vi.advanceTimersByTime(CAP_MS * 2);
    expect(task).not.toHaveBeenCalled();
  });

  it('waits for the load event when the page is still loading', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(CAP_MS * 2);
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(250);
    expect(task).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('waits for the screen the last hold gave way to be painted, then for an idle period', () => {
    let callbacks: (() => void)[] = [];
    vi.stubGlobal(
      'requestAnimationFrame',
      vi.fn((cb: () => void) => callbacks.push(cb)),
    );
    /** A frame: the animation-frame callbacks queued before it, then its paint. */
    const frame = () => {
      const due = callbacks;
      callbacks = [];
      for (const cb of due) cb();
    };
    const release = holdFirstScreen();
    const task = vi.fn();
    afterFirstScreen(task);
    release();
    vi.advanceTimersByTime(1_000);
    expect(task).not.toHaveBeenCalled();
    frame(); // the frame that draws the screen
    vi.advanceTimersByTime(1_000);
    expect(task).not.toHaveBeenCalled();
    frame(); // the next: the screen has been painted
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250); // the idle period (jsdom: its stand-in)
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('uses requestIdleCallback where there is one', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((cb: () => void) => {
        idle.push(cb);
        return idle.length;
      }),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(1_000);
    expect(task).not.toHaveBeenCalled();
    idle.shift()?.();
    expect(task).toHaveBeenCalledTimes(1);
  });
});

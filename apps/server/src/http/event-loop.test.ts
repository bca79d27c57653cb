import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchEventLoop } from './event-loop.js';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A watcher on a 20 ms timer with a 400 ms threshold whose timers and clock are both driven here,
 * so a loaded machine cannot make a timer late on its own.
 */
function watched() {
  vi.useFakeTimers();
  let clock = 0;
  const warnings: number[] = [];
  const stop = watchEventLoop((f) => warnings.push(f.stalledMs), {
    everyMs: 20,
    thresholdMs: 400,
    now: () => clock,
  });
  return {
    warnings,
    stop,
    /** The clock moves without any timer firing (a synchronous stretch of work). */
    stall: (ms: number) => {
      clock += ms;
    },
    /** The clock and the timers move together, `ms` at a time in 20 ms steps. */
    run: (ms: number) => {
      for (let i = 0; i < ms / 20; i++) {
        clock += 20;
        vi.advanceTimersByTime(20);
      }
    },
  };
}

describe('watchEventLoop', () => {
  it('warns once with how long the loop stood still, and not while it runs freely', () => {
    const loop = watched();
    loop.run(120);
    expect(loop.warnings).toEqual([]);
    loop.stall(700);
    loop.run(60);
    loop.stop();
    expect(loop.warnings).toEqual([700]);
    loop.run(5_000);
    expect(loop.warnings).toHaveLength(1); // stopped
  });

  it('lets a timer a little late pass', () => {
    const loop = watched();
    loop.stall(399);
    loop.run(20);
    loop.stop();
    expect(loop.warnings).toEqual([]);
  });
});

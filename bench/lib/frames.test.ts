import { describe, expect, it } from 'vitest';
import { analyseFrames, intervalsMs, percentile, rendererPid } from './frames.js';
import type { TraceEvent } from './trace.js';

const RENDERER = 20;
const MAIN = 21;
const COMPOSITOR = 22;

const meta = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  cat: '__metadata',
  ph: 'M',
  ts: 0,
  pid,
  tid,
  args: { name },
});
const instant = (name: string, ts: number, pid = RENDERER, tid = COMPOSITOR): TraceEvent => ({
  name,
  cat: 'disabled-by-default-devtools.timeline.frame',
  ph: 'I',
  ts,
  pid,
  tid,
});
const task = (ts: number, durMs: number, tid = MAIN): TraceEvent => ({
  name: 'RunTask',
  cat: 'toplevel',
  ph: 'X',
  ts,
  dur: durMs * 1000,
  pid: RENDERER,
  tid,
});
const started = (ts: number): TraceEvent => ({
  name: 'TracingStartedInBrowser',
  cat: 'disabled-by-default-devtools.timeline',
  ph: 'I',
  ts,
  pid: 1,
  tid: 1,
  args: { data: { frames: [{ processId: RENDERER, isOutermostMainFrame: true, url: 'x' }] } },
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 0.5)).toBe(50);
    expect(percentile(xs, 0.95)).toBe(95);
    expect(percentile(xs, 1)).toBe(100);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.95)).toBe(0);
  });
});

describe('intervalsMs', () => {
  it('sorts the timestamps and returns the gaps in ms', () => {
    expect(intervalsMs([33_000, 0, 16_000])).toEqual([16, 17]);
    expect(intervalsMs([5])).toEqual([]);
  });
});

describe('rendererPid', () => {
  it('takes the main frame’s process, else the one that drew most', () => {
    expect(rendererPid([started(0), instant('DrawFrame', 1, 99)])).toBe(RENDERER);
    expect(
      rendererPid([
        instant('DrawFrame', 1, 99),
        instant('DrawFrame', 2, 7),
        instant('DrawFrame', 3, 7),
      ]),
    ).toBe(7);
  });
});

describe('analyseFrames', () => {
  it('counts the page’s frames, drops, intervals and long tasks over the window', () => {
    // About a second: 55 frames 1/60 s apart, then a 100 ms hole (a long task), then 2 more.
    const draws = Array.from({ length: 55 }, (_, i) => Math.round((i * 1e6) / 60));
    const last = draws.at(-1) ?? 0;
    draws.push(last + 100_000, last + 100_000 + 16_667);
    const events: TraceEvent[] = [
      meta(RENDERER, MAIN, 'CrRendererMain'),
      meta(RENDERER, COMPOSITOR, 'Compositor'),
      started(0),
      ...draws.map((ts) => instant('DrawFrame', ts)),
      // Another process's frames do not count.
      instant('DrawFrame', 500_000, 99, 1),
      instant('DroppedFrame', last + 50_000),
      task(100_000, 10),
      task(last + 1_000, 95),
      // A long task on another thread is not the main thread's.
      task(200_000, 80, COMPOSITOR),
      task(999_000, 1),
      // Three main-thread frames, one over the 16.7 ms budget.
      { ...task(300_000, 4), name: 'ProxyMain::BeginMainFrame', cat: 'cc,benchmark' },
      { ...task(400_000, 6), name: 'ProxyMain::BeginMainFrame', cat: 'cc,benchmark' },
      { ...task(500_000, 20), name: 'ProxyMain::BeginMainFrame', cat: 'cc,benchmark' },
      // The first and the last of them painted; a paint between frames belongs to none.
      { ...task(301_000, 0.5), name: 'Paint', cat: 'devtools.timeline' },
      { ...task(450_000, 0.5), name: 'Paint', cat: 'devtools.timeline' },
      { ...task(519_000, 0.5), name: 'Paint', cat: 'devtools.timeline' },
    ];
    const r = analyseFrames(events);
    // From Tracing.start to the last event (the last frame, at 1,016.667 ms).
    expect(r.windowMs).toBeCloseTo(1016.667, 3);
    expect(r.presented).toBe(57);
    expect(r.fps).toBeCloseTo(57 / 1.016667, 3);
    expect(r.dropped).toBe(1);
    expect(r.intervalP50Ms).toBeCloseTo(16.67, 1);
    expect(r.intervalMaxMs).toBe(100);
    expect(r.lateIntervals).toBe(1);
    expect(r).toMatchObject({
      mainFrames: 3,
      mainFrameP50Ms: 6,
      mainFrameP95Ms: 20,
      mainFrameMaxMs: 20,
      mainFramesOverBudget: 1,
      paintingFrames: 2,
      paintingFrameP50Ms: 4,
      paintingFrameP95Ms: 20,
      paintingFrameMaxMs: 20,
      paintingFramesOverBudget: 1,
    });
    expect(r.longTasks).toBe(1);
    expect(r.longTaskMaxMs).toBe(95);
    expect(r.longTaskTotalMs).toBe(95);
    // RunTask only: the frames above are inside tasks in a real trace.
    expect(r.mainThreadBusy).toBeCloseTo((10 + 95 + 1) / 1016.667, 5);
  });

  it('says zero, not NaN, when nothing was drawn', () => {
    const r = analyseFrames([meta(RENDERER, MAIN, 'CrRendererMain'), started(0), task(0, 5)]);
    expect(r).toMatchObject({
      presented: 0,
      fps: 0,
      intervalP95Ms: 0,
      intervalMaxMs: 0,
      longTasks: 0,
    });
  });
});

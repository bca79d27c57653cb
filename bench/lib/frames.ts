import type { TraceEvent } from './trace.js';

/** Main-thread tasks longer than this are long tasks (the Long Tasks API's threshold). */
export const LONG_TASK_MS = 50;
/** One frame at 60 Hz. */
export const VSYNC_MS = 1000 / 60;

/** What a trace says about one page's frames and its main thread. */
export interface FrameAnalysis {
  /** The traced window, from Tracing.start to the last event, ms. */
  windowMs: number;
  /** Frames the page's compositor drew (DevTools' `DrawFrame`). */
  presented: number;
  /** Frames presented per second over the window. */
  fps: number;
  /** Frames the compositor dropped (DevTools' `DroppedFrame`). */
  dropped: number;
  /** Time between consecutive presented frames, ms (0 when fewer than two). */
  intervalP50Ms: number;
  intervalP95Ms: number;
  intervalMaxMs: number;
  /** Intervals longer than one and a half vsyncs: a frame that came late. */
  lateIntervals: number;
  /**
   * Main-thread frames (`ProxyMain::BeginMainFrame`: rAF callbacks, style, layout, paint,
   * commit): how many, their p50 / p95 / max duration, and how many overran one vsync. A page
   * that draws only when something changes has one per update, not one per vsync.
   */
  mainFrames: number;
  mainFrameP50Ms: number;
  mainFrameP95Ms: number;
  mainFrameMaxMs: number;
  mainFramesOverBudget: number;
  /**
   * The main-thread frames that painted something (a `Paint` event inside them): on a page whose
   * frames are requested by a script whether or not it then changes anything, the frames that
   * carried a visible change. How many, their p50 / p95 / max, and how many overran one vsync.
   */
  paintingFrames: number;
  paintingFrameP50Ms: number;
  paintingFrameP95Ms: number;
  paintingFrameMaxMs: number;
  paintingFramesOverBudget: number;
  /** Main-thread tasks over LONG_TASK_MS: how many, the longest, their total. */
  longTasks: number;
  longTaskMaxMs: number;
  longTaskTotalMs: number;
  /** Share of the window the page's main thread spent in tasks, 0–1. */
  mainThreadBusy: number;
}

/** The `p` quantile (0–1) of ascending `sorted`, nearest rank; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(p * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** Differences between consecutive timestamps (µs in, ms out), in time order. */
export function intervalsMs(timestampsUs: readonly number[]): number[] {
  const ts = [...timestampsUs].sort((a, b) => a - b);
  return ts.slice(1).map((t, i) => (t - (ts[i] ?? t)) / 1000);
}

/**
 * The renderer process of the traced page: the main frame's process that
 * `TracingStartedInBrowser` names, else the process that drew the most frames.
 */
export function rendererPid(events: readonly TraceEvent[]): number | undefined {
  for (const e of events) {
    if (e.name !== 'TracingStartedInBrowser') continue;
    const frames = (
      e.args?.data as
        | { frames?: { processId?: number; isOutermostMainFrame?: boolean; parent?: string }[] }
        | undefined
    )?.frames;
    const main = frames?.find((f) => f.isOutermostMainFrame ?? f.parent === undefined);
    if (main?.processId !== undefined) return main.processId;
  }
  const draws = new Map<number, number>();
  for (const e of events) if (e.name === 'DrawFrame') draws.set(e.pid, (draws.get(e.pid) ?? 0) + 1);
  return [...draws].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The renderer's main thread (`CrRendererMain`) in process `pid`. */
export function mainThread(events: readonly TraceEvent[], pid: number): number | undefined {
  return events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.pid === pid &&
      (e.args as { name?: string } | undefined)?.name === 'CrRendererMain',
  )?.tid;
}

/** Frames, dropped frames, frame intervals and long tasks of the traced page. */
export function analyseFrames(events: readonly TraceEvent[]): FrameAnalysis {
  const timed = events.filter((e) => e.ph !== 'M');
  const started = timed.find((e) => e.name === 'TracingStartedInBrowser')?.ts;
  // (A loop, not Math.min(...xs): a trace has far more events than a call has arguments.)
  let startUs = started ?? Infinity;
  let endUs = -Infinity;
  for (const e of timed) {
    if (started === undefined) startUs = Math.min(startUs, e.ts);
    endUs = Math.max(endUs, e.ts + (e.dur ?? 0));
  }
  const windowMs = timed.length > 0 ? Math.max(0, (endUs - startUs) / 1000) : 0;
  const inWindow = (e: TraceEvent) => e.ts >= startUs && e.ts <= endUs;

  const pid = rendererPid(events);
  const tid = pid === undefined ? undefined : mainThread(events, pid);
  const ofPage = timed.filter((e) => e.pid === pid && inWindow(e));
  const draws = ofPage.filter((e) => e.name === 'DrawFrame').map((e) => e.ts);
  const intervals = intervalsMs(draws).sort((a, b) => a - b);
  const tasks = ofPage
    .filter((e) => e.tid === tid && e.name === 'RunTask' && e.ph === 'X')
    .map((e) => (e.dur ?? 0) / 1000);
  const long = tasks.filter((ms) => ms > LONG_TASK_MS);
  const frameEvents = ofPage.filter(
    (e) => e.tid === tid && e.name === 'ProxyMain::BeginMainFrame' && e.ph === 'X',
  );
  const mainFrames = frameEvents.map((e) => (e.dur ?? 0) / 1000).sort((a, b) => a - b);
  const paints = ofPage
    .filter((e) => e.tid === tid && e.name === 'Paint')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const painted = (frame: TraceEvent) => {
    const end = frame.ts + (frame.dur ?? 0);
    // The first paint at or after the frame's start, found by bisection.
    let lo = 0;
    let hi = paints.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((paints[mid] ?? Infinity) < frame.ts) lo = mid + 1;
      else hi = mid;
    }
    return lo < paints.length && (paints[lo] ?? Infinity) <= end;
  };
  const paintingFrames = frameEvents
    .filter(painted)
    .map((e) => (e.dur ?? 0) / 1000)
    .sort((a, b) => a - b);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    windowMs,
    presented: draws.length,
    fps: windowMs > 0 ? draws.length / (windowMs / 1000) : 0,
    dropped: ofPage.filter((e) => e.name === 'DroppedFrame').length,
    intervalP50Ms: percentile(intervals, 0.5),
    intervalP95Ms: percentile(intervals, 0.95),
    intervalMaxMs: intervals.at(-1) ?? 0,
    lateIntervals: intervals.filter((ms) => ms > 1.5 * VSYNC_MS).length,
    mainFrames: mainFrames.length,
    mainFrameP50Ms: percentile(mainFrames, 0.5),
    mainFrameP95Ms: percentile(mainFrames, 0.95),
    mainFrameMaxMs: mainFrames.at(-1) ?? 0,
    mainFramesOverBudget: mainFrames.filter((ms) => ms > VSYNC_MS).length,
    paintingFrames: paintingFrames.length,
    paintingFrameP50Ms: percentile(paintingFrames, 0.5),
    paintingFrameP95Ms: percentile(paintingFrames, 0.95),
    paintingFrameMaxMs: paintingFrames.at(-1) ?? 0,
    paintingFramesOverBudget: paintingFrames.filter((ms) => ms > VSYNC_MS).length,
    longTasks: long.length,
    longTaskMaxMs: long.reduce((a, b) => Math.max(a, b), 0),
    longTaskTotalMs: sum(long),
    mainThreadBusy: windowMs > 0 ? Math.min(1, sum(tasks) / windowMs) : 0,
  };
}

/**
 * Warns when the event loop stood still: a timer due every `everyMs` that fires `thresholdMs` or
 * more late means nothing else ran in that time — no request answered, no socket message sent
 * (a synchronous stretch of work; with the embedded database, a long query runs on this thread).
 * The log line names how long, so a slow answer can be told from a busy machine.
 */
export function watchEventLoop(
  warn: (fields: { stalledMs: number }, msg: string) => void,
  opts: { everyMs?: number; thresholdMs?: number; now?: () => number } = {},
): () => void {
  const everyMs = opts.everyMs ?? 250;
  const thresholdMs = opts.thresholdMs ?? 1_000;
  const now = opts.now ?? (() => performance.now());
  let expected = now() + everyMs;
  const timer = setInterval(() => {
    const late = now() - expected;
    if (late >= thresholdMs) warn({ stalledMs: Math.round(late) }, 'event loop stalled');
    expected = now() + everyMs;
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

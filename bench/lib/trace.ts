import type { CDPSession } from 'playwright-core';

/** One event of a Chromium trace (the Trace Event Format), as far as the bench reads it. */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  /** Microseconds on the trace's clock. */
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string; global?: string };
  args?: Record<string, unknown>;
}

/** What DevTools' Performance panel records (its timeline, frames and main-thread tasks). */
export const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'latencyInfo',
  'benchmark',
  'cc',
  'viz',
  'gpu',
  '__metadata',
];

/** Starts a trace on `cdp` (Tracing.start, streamed back when it ends). */
export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      recordMode: 'recordUntilFull',
      includedCategories: TIMELINE_CATEGORIES,
      excludedCategories: ['*'],
    },
  });
}

/** Ends the trace started by `startTrace` and reads it back. */
export async function endTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve, reject) => {
    cdp.once('Tracing.tracingComplete', (event) => {
      if (event.stream) resolve(event.stream);
      else reject(new Error('Tracing.tracingComplete without a stream'));
    });
  });
  await cdp.send('Tracing.end');
  const handle = await complete;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

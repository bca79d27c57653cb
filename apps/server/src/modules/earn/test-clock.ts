import fs from 'node:fs';

/**
 * A test-only clock for Earn (E2E): wall time plus an offset in milliseconds read from the file
 * `EARN_TEST_CLOCK_FILE` names (re-read at most every 250 ms; absent or unreadable: 0). There is
 * no HTTP route to it: moving Earn's days needs the environment variable at start and write
 * access to the file, and a process with NODE_ENV=production refuses to start with it set.
 */
export function earnTestClock(file: string): () => number {
  if (process.env.NODE_ENV === 'production')
    throw new Error('EARN_TEST_CLOCK_FILE is for tests only; unset it in production');
  let offsetMs = 0;
  let readAt = 0;
  return () => {
    const t = Date.now();
    if (t - readAt > 250) {
      readAt = t;
      try {
        const text = fs.readFileSync(file, 'utf8').trim();
        offsetMs = /^\d{1,12}$/.test(text) ? Number(text) : 0;
      } catch {
        offsetMs = 0;
      }
    }
    return t + offsetMs;
  };
}

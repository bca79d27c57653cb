import { useEffect, useState } from 'react';

/** Relative times only change by the minute, so that is how often "now" moves on. */
const NOW_REFRESH_MS = 60_000;

/** The current time for relative labels, kept fresh while the screen stays open. */
export function useNow(refreshMs = NOW_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, refreshMs);
    return () => {
      clearInterval(timer);
    };
  }, [refreshMs]);
  return now;
}

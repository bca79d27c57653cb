import { useEffect, useState } from 'react';

/** A countdown moves by the second; a quarter of that keeps each step on time without drift. */
export const COUNTDOWN_TICK_MS = 250;

/**
 * The current time, moving on every `intervalMs` while `active` (a countdown on screen) and
 * standing still otherwise, so a screen without a running order does not re-render for nothing.
 */
export function useClock(active: boolean, intervalMs = COUNTDOWN_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => {
      setNow(Date.now());
    };
    // At once (the clock may have stood still for a while), then every interval.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active, intervalMs]);
  return now;
}

import { useEffect } from 'react';
import { afterNextPaint, holdFirstScreen } from '@/lib/firstScreen';

/**
 * Holds the first screen (lib/firstScreen.ts) while `active`: a placeholder or loading state
 * shown at launch, so the work the screen does not draw waits until it has its content — until
 * that content has painted, not merely rendered: released two frames after `active` ends (issue
 * #20: released at the commit, Home's deferred work once started before its first screen's text
 * was on screen, and competed with it).
 */
export function useFirstScreenHold(active = true): void {
  useEffect(() => {
    if (!active) return;
    const release = holdFirstScreen();
    return () => {
      afterNextPaint(release);
    };
  }, [active]);
}

import { useEffect } from 'react';
import { holdFirstScreen } from '@/lib/firstScreen';

/**
 * Holds the first screen (lib/firstScreen.ts) while `active`: a placeholder or loading state
 * shown at launch, so the work the screen does not draw waits until it has its content.
 */
export function useFirstScreenHold(active = true): void {
  useEffect(() => {
    if (!active) return;
    return holdFirstScreen();
  }, [active]);
}

import { useEffect, useRef } from 'react';
import { PATHS } from '@/config/paths';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { loadOverlays } from '@/lib/overlayHandle';
import type { Api } from '@ampere/client';
import { afterFirstScreen } from '@/lib/firstScreen';

/**
 * Runs the responsible-trading reminder (reminder.tsx) while a user is signed in. Mounted once
 * for the whole app; the reminder itself is a separate chunk, fetched after sign-in once the
 * first screen is done, so the first page never waits for it, and the Modal it opens (with
 * react-spring, lib/overlays.ts) loads when the reminder is first due, not at launch.
 */
export function useTradeReminder(api: Api, username: string | undefined): void {
  const navigate = useAppNavigate();

  // The navigate function changes with every page; the reminder must not restart with it.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    if (username === undefined || username === '') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Nothing of it is on the first screen: it waits until that screen is done (issue #20).
    const stopWaiting = afterFirstScreen(() => {
      import('../reminder')
        .then(({ runReminder }) => {
          if (cancelled) return;
          stop = runReminder({
            api,
            user: username,
            showModal: (props) => {
              loadOverlays()
                .then(({ Modal }) => {
                  if (!cancelled) Modal.show(props);
                })
                .catch((error: unknown) => {
                  console.warn('[reminder] could not open', error);
                });
            },
            openLimits: () => {
              navigateRef.current(PATHS.tradeLimits);
            },
          });
        })
        .catch((error: unknown) => {
          // The app works without the reminder; a failed chunk load is reported, not fatal.
          console.warn('[reminder] could not start', error);
        });
    });
    return () => {
      cancelled = true;
      stopWaiting();
      stop?.();
    };
  }, [api, username]);
}

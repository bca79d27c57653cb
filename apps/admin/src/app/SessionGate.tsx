import { useEffect } from 'react';
import { FullScreenState } from '@/components/FullScreenState';
import { QueryError } from '@/components/QueryError';
import { loadSession } from '@/core/api';
import { SessionContext, sessionStore, useSessionState } from '@/core/session';
import PasswordChangePage from '@/pages/PasswordChangePage';
import SignInPage from '@/pages/SignInPage';
import { Shell } from './Shell';

/** Extra wait after the idle deadline before asking, so the server has surely expired it. */
const IDLE_CHECK_GRACE_MS = 2_000;

const launch = () => {
  loadSession().catch(() => undefined);
};

/**
 * What the back office shows follows the session alone: the launch check, sign-in, the forced
 * password change, or the shell. When the idle deadline passes with nothing done, the server is
 * asked once more; its 401 brings the sign-in page with the reason, instead of the member
 * finding out on their next click.
 */
export function SessionGate() {
  const state = useSessionState();

  useEffect(() => {
    if (state.status === 'loading') launch();
  }, [state.status]);

  const idleEndsMs = state.status === 'signedIn' ? state.idleEndsMs : undefined;
  useEffect(() => {
    if (idleEndsMs === undefined) return;
    const timer = setTimeout(launch, Math.max(0, idleEndsMs - Date.now()) + IDLE_CHECK_GRACE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [idleEndsMs]);

  switch (state.status) {
    case 'loading':
      return <FullScreenState />;
    case 'unreachable':
      return (
        <FullScreenState>
          <QueryError
            error={state.error}
            onRetry={() => {
              sessionStore.set({ status: 'loading' });
            }}
          />
        </FullScreenState>
      );
    case 'signedOut':
      return <SignInPage notice={state.notice} />;
    case 'signedIn':
      return (
        <SessionContext.Provider value={state.session}>
          {state.session.staff.mustChangePassword ? <PasswordChangePage /> : <Shell />}
        </SessionContext.Provider>
      );
  }
}

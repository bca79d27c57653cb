import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginRedirect } from '@/lib/nav';
import { requiresSession } from './access';
import { useSession } from '@/core/session';

/**
 * Sends a visitor on a guarded page to login, with the page (and its query) as the return
 * address. It judges the foreground location only: a dialog page and the page beneath it are one
 * visit and yield one redirect.
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { isLogin } = useSession();
  if (!isLogin && requiresSession(pathname)) {
    return <Navigate to={loginRedirect(pathname + search)} replace />;
  }
  return children;
}

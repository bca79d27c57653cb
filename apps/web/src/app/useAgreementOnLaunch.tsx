import type { Agreement } from '@ampere/contract';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PATHS } from '@/config/paths';
import { api } from '@/core/api';
import { isOpenWhenRestricted } from '@/core/restriction';
import { afterFirstScreen } from '@/lib/firstScreen';
import { useSession } from '@/core/session';

const AgreementPrompt = lazy(() => import('@/widgets/agreement/AgreementPrompt'));

/** Users whose agreement this run of the app has already asked the server about. */
const checked = new Set<string>();
const SIGN_IN_PAGES: readonly string[] = [PATHS.login, PATHS.register, PATHS.findPassword];

/**
 * Issue #17: at launch (and after signing in), a signed-in user who has not accepted the
 * agreement version in force is asked to, before anything else (a sheet that cannot be
 * dismissed). The check and the sheet are their own chunks, so the first download does not grow.
 * Returns the sheet to render, or null.
 */
export function useAgreementOnLaunch(): ReactNode {
  const { isLogin, user } = useSession();
  const { pathname } = useLocation();
  const username = user?.username;
  const ready =
    isLogin &&
    username !== undefined &&
    !SIGN_IN_PAGES.includes(pathname) &&
    !isOpenWhenRestricted(pathname);
  const [pending, setPending] = useState<{ username: string; agreement: Agreement }>();

  useEffect(() => {
    if (!ready || checked.has(username)) return;
    // Once the first screen is done (issue #20): the sheet covers the page, so the page's own
    // parts and reads come first on a slow link (at launch; after signing in it runs at once).
    return afterFirstScreen(() => {
      if (checked.has(username)) return;
      checked.add(username);
      import('@/features/content/api/agreement')
        .then(({ fetchAgreementPending }) => fetchAgreementPending(api))
        .then(({ agreement }) => {
          if (agreement) setPending({ username, agreement });
        })
        .catch(() => {
          // Asked again at the next navigation.
          checked.delete(username);
        });
    });
  }, [ready, username]);

  if (!pending || !isLogin || pending.username !== username) return null;
  return (
    <Suspense fallback={null}>
      <AgreementPrompt
        agreement={pending.agreement}
        onDone={() => {
          setPending(undefined);
        }}
      />
    </Suspense>
  );
}

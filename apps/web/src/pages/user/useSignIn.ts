import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { toastOnNextPage } from '@/core/navigation';
import { setSession, toSessionUser, useSession } from '@/core/session';
import type { LoginResult } from '@/features/auth/api/auth';
import { errorText } from '@/i18n/errorText';
import { AUTH_TOAST_MS } from '@/lib/constants';
import { afterFirstScreen } from '@/lib/firstScreen';
import { resolveReturn } from '@/lib/nav';
import { loadOverlays } from '@/lib/overlayHandle';

/**
 * A failure's toast. Toast (with Mask and react-spring under it) is not part of Log in's first
 * download (issue #20, LCP): the page fetches it once its first screen is done, and a failure
 * that comes sooner waits for it. When it cannot be fetched (a first visit whose network dropped
 * before it arrived, the service worker not yet holding it), `unshown` gets the message, for the
 * page to say in its own words.
 */
function failureToast(content: string, unshown: (content: string) => void): void {
  loadOverlays().then(
    ({ Toast }) => {
      Toast.show({ icon: 'fail', content });
    },
    (error: unknown) => {
      console.warn('[sign-in] could not load the toast', error);
      unshown(content);
    },
  );
}

/**
 * Login and register both answer `{token, user}` and sign the user in. The session change
 * re-renders the page, which then leaves for the return address (`r=`, else Home). `failure` is
 * the last attempt's message when no toast could say it (`AuthFailure` shows it), cleared by the
 * next attempt.
 */
export function useSignIn<Values>(
  call: (values: Values) => Promise<LoginResult | undefined>,
  successKey: 'success.login' | 'success.register',
) {
  const { t } = useTranslation();
  const { isLogin } = useSession();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string>();
  useEffect(
    () =>
      afterFirstScreen(() => {
        loadOverlays().catch(() => undefined); // tried again when a toast is due
      }),
    [],
  );
  const mutation = useMutation({
    mutationFn: call,
    onMutate: () => {
      setFailure(undefined);
    },
    onSuccess: (result) => {
      const user = toSessionUser(result?.user);
      if (!result || !user) {
        failureToast(t('errors.login_failed'), setFailure);
        return;
      }
      toastOnNextPage(t(successKey), AUTH_TOAST_MS);
      setSession(result.token, user);
    },
    onError: (error) => {
      failureToast(errorText(error, t, { fallback: 'login_failed' }), setFailure);
    },
  });
  const returnTo = isLogin ? resolveReturn(params.get('r'), pathname + search) : undefined;
  return { mutation, returnTo, search, failure };
}

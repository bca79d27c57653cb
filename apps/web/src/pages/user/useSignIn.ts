import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { toastOnNextPage } from '@/core/navigation';
import { setSession, toSessionUser, useSession } from '@/core/session';
import type { LoginResult } from '@/features/auth/api/auth';
import { errorText } from '@/i18n/errorText';
import { AUTH_TOAST_MS } from '@/lib/constants';
import { resolveReturn } from '@/lib/nav';
import { Toast } from '@/lib/overlays';

/**
 * Login and register both answer `{token, user}` and sign the user in. The session change
 * re-renders the page, which then leaves for the return address (`r=`, else Home).
 */
export function useSignIn<Values>(
  call: (values: Values) => Promise<LoginResult | undefined>,
  successKey: 'success.login' | 'success.register',
) {
  const { t } = useTranslation();
  const { isLogin } = useSession();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      const user = toSessionUser(result?.user);
      if (!result || !user) {
        Toast.show({ icon: 'fail', content: t('errors.login_failed') });
        return;
      }
      toastOnNextPage(t(successKey), AUTH_TOAST_MS);
      setSession(result.token, user);
    },
    onError: (error) => {
      Toast.show({ icon: 'fail', content: errorText(error, t, { fallback: 'login_failed' }) });
    },
  });
  const returnTo = isLogin ? resolveReturn(params.get('r'), pathname + search) : undefined;
  return { mutation, returnTo, search };
}

import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { relaunch } from '@/core/navigation';
import { clearSession } from '@/core/session';
import { changePassword } from '@/features/account/api/account';
import type { PasswordChange } from '@/features/account/api/account';
import { PasswordForm } from '@/features/account/components/PasswordForm';
import { errorText } from '@/i18n/errorText';
import { AUTH_TOAST_MS } from '@/lib/constants';
import { LOGIN_PATH } from '@/lib/nav';
import { Toast } from '@/lib/overlays';

/**
 * A new login password ends every session of the account (the server revokes them all), this
 * one included, so the user is sent to sign in again with it (SPEC §8).
 */
export default function PasswordPage() {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: (values: PasswordChange) => changePassword(api, 'login', values),
    onSuccess: () => {
      clearSession();
      relaunch(LOGIN_PATH, { content: t('success.passwordChanged'), durationMs: AUTH_TOAST_MS });
    },
    onError: (error) => {
      Toast.show({ icon: 'fail', content: errorText(error, t) });
    },
  });
  return (
    <PasswordForm
      kind="login"
      askCurrent
      submitting={mutation.isPending}
      onSubmit={(values) => {
        mutation.mutate(values);
      }}
    />
  );
}

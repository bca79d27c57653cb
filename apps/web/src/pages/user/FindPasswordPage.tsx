import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { relaunch } from '@/core/navigation';
import { clearSession, getSession } from '@/core/session';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { findPassword } from '@/features/auth/api/auth';
import type { PasswordRecovery } from '@/features/auth/api/auth';
import { FindPasswordForm } from '@/features/auth/components/FindPasswordForm';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { errorText } from '@/i18n/errorText';
import { AUTH_TOAST_MS } from '@/lib/constants';
import { LOGIN_PATH } from '@/lib/nav';
import { Toast } from '@/lib/overlays';
import styles from './FindPasswordPage.module.css';

/**
 * Recovery without e-mail or SMS (docs/accounts.md): the account name and the fund password
 * prove ownership. Without a fund password only a person can check who owns the account, so the
 * page points to customer service for that case.
 */
export default function FindPasswordPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const mutation = useMutation({
    mutationFn: (values: PasswordRecovery) => findPassword(api, values),
    onSuccess: (_, values) => {
      // The reset ended every session of that account; if it is the one signed in here, so is
      // this one, and the login page must not bounce the user straight back in.
      if (getSession().user?.username === values.username.trim()) clearSession();
      relaunch(LOGIN_PATH, { content: t('success.passwordReset'), durationMs: AUTH_TOAST_MS });
    },
    onError: (error) => {
      Toast.show({ icon: 'fail', content: errorText(error, t) });
    },
  });
  return (
    <>
      <p className={styles.intro}>{t('findPassword.intro')}</p>
      <FindPasswordForm
        submitting={mutation.isPending}
        onSubmit={(values) => {
          mutation.mutate(values);
        }}
      />
      <Section title={t('findPassword.noFundPassword')}>
        <p className={styles.explanation}>{t('findPassword.explanation')}</p>
        <div className={styles.action}>
          <Button
            block
            fill="outline"
            color="primary"
            onClick={() => {
              navigate(PATHS.onlineService);
            }}
          >
            {t('findPassword.contact')}
          </Button>
        </div>
      </Section>
    </>
  );
}

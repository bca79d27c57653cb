import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DotLoading, NoticeBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { toastOnNextPage } from '@/core/navigation';
import { updateSessionUser, useSession } from '@/core/session';
import { RetryState } from '@/components/RetryState';
import { Section } from '@/components/Section';
import { accountQueryKeys, changePassword } from '@/features/account/api/account';
import type { PasswordChange } from '@/features/account/api/account';
import { PasswordForm } from '@/features/account/components/PasswordForm';
import { fundPasswordLockout, fundPasswordMode } from '@/features/account/fundPassword';
import type { FundPasswordLockout, FundPasswordMode } from '@/features/account/fundPassword';
import { useFundPasswordSet } from '@/features/account/hooks/useAccount';
import { useGoBack } from '@/hooks/useAppNavigate';
import { errorText } from '@/i18n/errorText';
import { TOAST_MS } from '@/lib/constants';
import { Toast } from '@/lib/overlays';
import styles from './FundPasswordPage.module.css';

/**
 * SPEC §2 lists this path under a wrong title ("Switch theme"); it sets or changes the fund
 * password. Which of the two comes from user/isUsedMpwd: the first one needs no old password.
 */
function FundPasswordChange({ mode, username }: { mode: FundPasswordMode; username: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [lockout, setLockout] = useState<FundPasswordLockout>();
  const mutation = useMutation({
    mutationFn: (values: PasswordChange) => changePassword(api, 'fund', values),
    onSuccess: () => {
      if (user) updateSessionUser({ ...user, fundPassword: true });
      toastOnNextPage(t('success.fundPasswordChanged'), TOAST_MS);
      goBack();
      // Marked stale, not refetched: refetched here, this page would switch to "change" under
      // the user's eyes while it closes. The pages that show them fetch again when they open.
      for (const queryKey of [
        accountQueryKeys.fundPasswordSet(username),
        accountQueryKeys.home(username),
      ]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
    onError: (error) => {
      // One failure, one message: a wrong or locked fund password is told by the notice, which
      // stays in view with the attempts left; any other failure by a toast.
      const found = fundPasswordLockout(error);
      setLockout(found);
      if (!found) Toast.show({ icon: 'fail', content: errorText(error, t) });
    },
  });
  return (
    <>
      <p className={styles.intro}>{t(`account.fund.intro.${mode}`)}</p>
      {lockout && (
        <NoticeBar
          className={styles.notice}
          color={lockout.kind === 'locked' ? 'error' : 'alert'}
          wrap
          content={
            lockout.kind === 'locked'
              ? t('account.fund.locked', { minutes: lockout.minutes })
              : t('account.fund.remaining', { remaining: lockout.remaining })
          }
        />
      )}
      <PasswordForm
        kind="fund"
        askCurrent={mode === 'change'}
        submitting={mutation.isPending}
        onSubmit={(values) => {
          mutation.mutate(values);
        }}
      />
    </>
  );
}

export default function FundPasswordPage() {
  const { t } = useTranslation();
  const username = useSession().user?.username ?? '';
  const isSet = useFundPasswordSet(api, username);
  if (isSet.isError) {
    return (
      <Section>
        <RetryState
          message={errorText(isSet.error, t, { fallback: 'loading_failed' })}
          onRetry={() => {
            void isSet.refetch();
          }}
        />
      </Section>
    );
  }
  if (isSet.data === undefined) {
    return (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }
  const mode = fundPasswordMode(isSet.data);
  // A new key per mode starts the form afresh once a first fund password has been set.
  return <FundPasswordChange key={mode} mode={mode} username={username} />;
}

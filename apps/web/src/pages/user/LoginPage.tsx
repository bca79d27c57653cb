import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { api } from '@/core/api';
import { useConfig } from '@/core/config';
import { PATHS } from '@/config/paths';
import { login } from '@/features/auth/api/auth';
import type { Credentials } from '@/features/auth/api/auth';
import { AuthFootnote } from '@/features/auth/components/AuthFootnote';
import { AuthHero } from '@/features/auth/components/AuthHero';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { afterNextPaint, holdFirstScreen } from '@/lib/firstScreen';
import { AuthFailure } from './AuthFailure';
import styles from './AuthPage.module.css';
import { useSignIn } from './useSignIn';

/**
 * Log in is a visitor's first screen: the work it does not draw (the service worker, the toasts'
 * chunk) waits until it has painted (issue #20, LCP), two frames after it mounts.
 */
function useHoldUntilPainted(): void {
  useEffect(() => {
    const release = holdFirstScreen();
    afterNextPaint(release);
    return release;
  }, []);
}

export default function LoginPage() {
  useHoldUntilPainted();
  const { t } = useTranslation();
  const { appName } = useConfig();
  const { mutation, returnTo, search, failure } = useSignIn(
    (values: Credentials) => login(api, values),
    'success.login',
  );

  if (returnTo) return <Navigate to={returnTo} replace />;
  return (
    <>
      <AuthHero appName={appName} subtitle={t('auth.loginSubtitle')} />
      <LoginForm
        submitting={mutation.isPending}
        onSubmit={(values) => {
          mutation.mutate(values);
        }}
      />
      <AuthFailure message={failure} />
      <nav className={styles.links}>
        {/* The return address travels on, so registering also ends where login would have. */}
        <Link to={PATHS.register + search} replace>
          {t('auth.toRegister')}
        </Link>
        <Link to={PATHS.findPassword}>{t('auth.forgotPassword')}</Link>
      </nav>
      <AuthFootnote agreementPath={PATHS.agreement} servicePath={PATHS.onlineService} />
    </>
  );
}

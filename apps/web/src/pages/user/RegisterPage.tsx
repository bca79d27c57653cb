import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { api } from '@/core/api';
import { useConfig } from '@/core/config';
import { PATHS } from '@/config/paths';
import { register } from '@/features/auth/api/auth';
import type { Registration } from '@/features/auth/api/auth';
import { AuthFootnote } from '@/features/auth/components/AuthFootnote';
import { AuthHero } from '@/features/auth/components/AuthHero';
import { RegisterForm } from '@/features/auth/components/RegisterForm';
import { getInviteCode } from '@/lib/storage';
import { AuthFailure } from './AuthFailure';
import styles from './AuthPage.module.css';
import { useSignIn } from './useSignIn';

export default function RegisterPage() {
  const { t } = useTranslation();
  const { appName } = useConfig();
  const { mutation, returnTo, search, failure } = useSignIn(
    (values: Registration) => register(api, values),
    'success.register',
  );

  if (returnTo) return <Navigate to={returnTo} replace />;
  return (
    <>
      <AuthHero appName={appName} subtitle={t('auth.registerSubtitle')} />
      <RegisterForm
        inviteCode={getInviteCode()}
        submitting={mutation.isPending}
        onSubmit={(values) => {
          mutation.mutate(values);
        }}
      />
      <AuthFailure message={failure} />
      <nav className={styles.links}>
        <Link to={PATHS.login + search} replace>
          {t('auth.toLogin')}
        </Link>
      </nav>
      {/* Signing up accepts the agreement in force; the server records which version. */}
      <p className={styles.consent}>
        <Trans
          i18nKey="auth.agreeByRegistering"
          // Not <link>: i18next reads that tag as HTML's empty <link> and leaves the anchor nameless.
          components={{ agreement: <Link to={PATHS.agreement} /> }}
        />
      </p>
      <AuthFootnote agreementPath={PATHS.agreement} servicePath={PATHS.onlineService} />
    </>
  );
}

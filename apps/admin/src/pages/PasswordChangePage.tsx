import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from '@/components/AuthFrame';
import { PasswordChangeForm } from '@/features/auth/components/PasswordChangeForm';
import { useSignOut } from '@/features/auth/hooks/useSignOut';

/**
 * After a sign-in with a one-time password, this is all there is (the server refuses everything
 * else with 7004) until the member has chosen their own password.
 */
export default function PasswordChangePage() {
  const { t } = useTranslation();
  const { signOut } = useSignOut();
  return (
    <AuthFrame title={t('password.forcedTitle')}>
      <Typography.Paragraph type="secondary">{t('password.forcedHint')}</Typography.Paragraph>
      <PasswordChangeForm oneTime />
      <Button type="link" block onClick={signOut}>
        {t('session.signOut')}
      </Button>
    </AuthFrame>
  );
}

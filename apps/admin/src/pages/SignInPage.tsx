import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from '@/components/AuthFrame';
import type { Notice } from '@/core/session';
import { SignInFlow } from '@/features/auth/components/SignInFlow';

/** Sign-in: why the member is here (signed out, session ended), then the two steps. */
export default function SignInPage({ notice }: { notice: Notice | undefined }) {
  const { t } = useTranslation();
  return (
    <AuthFrame title={t('signIn.title')}>
      {notice && (
        <Alert
          type={notice.tone}
          showIcon
          message={'key' in notice ? t(notice.key) : notice.text}
          style={{ marginBottom: 16 }}
        />
      )}
      <SignInFlow />
    </AuthFrame>
  );
}

import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { useSession } from '@/core/session';
import { RetryState } from '@/components/RetryState';
import { Section } from '@/components/Section';
import { InviteShare } from '@/features/account/components/InviteShare';
import { useHome, useQrcode } from '@/features/account/hooks/useAccount';
import { errorText } from '@/i18n/errorText';
import styles from './SharePage.module.css';

export default function SharePage() {
  const { t } = useTranslation();
  const username = useSession().user?.username ?? '';
  const qrcode = useQrcode(api, username);
  const invitedCount = useHome(api, username).data?.invitedCount;
  if (qrcode.isError) {
    return (
      <Section>
        <RetryState
          message={errorText(qrcode.error, t, { fallback: 'loading_failed' })}
          onRetry={() => {
            void qrcode.refetch();
          }}
        />
      </Section>
    );
  }
  return (
    <>
      <Section>
        <p className={styles.explanation}>{t('share.explanation')}</p>
        {qrcode.data ? (
          <InviteShare inviteCode={qrcode.data.inviteCode} shareUrl={qrcode.data.shareUrl} />
        ) : (
          <div className={styles.loading}>
            <DotLoading color="primary" />
          </div>
        )}
      </Section>
      {invitedCount !== undefined && (
        <Section>
          <p className={styles.invited}>
            <span>{t('share.invited')}</span>
            <strong>{invitedCount}</strong>
          </p>
        </Section>
      )}
    </>
  );
}

import { PageContainer } from '@ant-design/pro-components';
import { Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { useCan } from '@/core/session';
import { useKycCase, useKycSettings, type QueueStatus } from '@/features/kyc/api/kyc';
import { KycQueue } from '@/features/kyc/components/KycQueue';
import { KycReview } from '@/features/kyc/components/KycReview';
import { KycSettingsCard } from '@/features/kyc/components/KycSettingsCard';

/**
 * The real-name review queue (docs/kyc.md): pick a case, claim it, decide each side; below it,
 * the documents users may verify with (kyc.settings to change them).
 */
export default function KycPage() {
  const { t } = useTranslation();
  const settings = useKycSettings();
  const canSettings = useCan('kyc.settings');
  const [status, setStatus] = useState<QueueStatus>('pending');
  const [selected, setSelected] = useState<string>();
  const detail = useKycCase(selected);
  return (
    <PageContainer title={t('kyc.title')} content={t('kyc.subtitle')}>
      <Card size="small">
        <KycQueue
          status={status}
          onStatus={(s) => {
            setStatus(s);
            setSelected(undefined);
          }}
          selected={selected}
          onSelect={setSelected}
        />
      </Card>
      <div style={{ marginTop: 16 }}>
        {selected === undefined ? (
          <Empty description={t('kyc.pick')} />
        ) : detail.isError ? (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
        ) : detail.data ? (
          <KycReview key={`${detail.data.id}-${detail.data.round}`} item={detail.data} />
        ) : null}
      </div>
      <div style={{ marginTop: 16 }}>
        {settings.isError ? (
          <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
        ) : settings.data ? (
          <KycSettingsCard
            key={settings.data.docTypes.join()}
            settings={settings.data}
            canEdit={canSettings}
          />
        ) : null}
      </div>
    </PageContainer>
  );
}

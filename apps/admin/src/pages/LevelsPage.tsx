import { PageContainer } from '@ant-design/pro-components';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { useCan } from '@/core/session';
import { useLevels } from '@/features/settings/api/settings';
import { LevelsForm } from '@/features/settings/components/LevelsForm';

/** Member-level thresholds (settings.read; changes: settings.levels). */
export default function LevelsPage() {
  const { t } = useTranslation();
  const canEdit = useCan('settings.levels');
  const levels = useLevels();
  let body;
  if (levels.data !== undefined) body = <LevelsForm levels={levels.data} canEdit={canEdit} />;
  else if (levels.isError)
    body = <QueryError error={levels.error} onRetry={() => void levels.refetch()} />;
  else body = <Skeleton active />;
  return (
    <PageContainer title={t('levels.title')} content={t('levels.subtitle')}>
      {!canEdit && (
        <Alert type="info" showIcon message={t('levels.readOnly')} style={{ marginBottom: 16 }} />
      )}
      {body}
    </PageContainer>
  );
}

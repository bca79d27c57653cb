import { PageContainer } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { AdjustmentsTable } from '@/features/adjustments/components/AdjustmentsTable';

export default function AdjustmentsPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('adjustments.title')} content={t('adjustments.subtitle')}>
      <AdjustmentsTable />
    </PageContainer>
  );
}

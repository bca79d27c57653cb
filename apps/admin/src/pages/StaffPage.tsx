import { PageContainer } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { StaffTable } from '@/features/staff/components/StaffTable';

export default function StaffPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('staff.title')} content={t('staff.subtitle')}>
      <StaffTable />
    </PageContainer>
  );
}

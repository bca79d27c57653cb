import { PageContainer } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { UserSearchTable } from '@/features/users/components/UserSearchTable';

export default function UsersPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('users.title')} content={t('users.subtitle')}>
      <UserSearchTable />
    </PageContainer>
  );
}

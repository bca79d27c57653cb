import { PageContainer } from '@ant-design/pro-components';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/core/session';
import { EarnProductForm } from '@/features/earn/components/EarnProductForm';
import { EarnProductsTable } from '@/features/earn/components/EarnProductsTable';

/** Earn products (earn.read; create and edit: earn.products, each change audited). */
export default function EarnProductsPage() {
  const { t } = useTranslation();
  const canEdit = useCan('earn.products');
  return (
    <PageContainer
      title={t('earn.title')}
      content={t('earn.subtitle')}
      extra={canEdit ? <EarnProductForm /> : undefined}
    >
      <Flex vertical gap={16}>
        <Alert type="info" showIcon message={t('earn.newOrdersOnly')} />
        {!canEdit && <Alert type="info" showIcon message={t('earn.readOnly')} />}
        <EarnProductsTable canEdit={canEdit} />
      </Flex>
    </PageContainer>
  );
}

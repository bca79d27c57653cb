import { PageContainer } from '@ant-design/pro-components';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/core/session';
import { ProductsTable } from '@/features/settings/components/ProductsTable';

/** Products and their periods (settings.read; changes: settings.products). */
export default function ProductsPage() {
  const { t } = useTranslation();
  const canEdit = useCan('settings.products');
  return (
    <PageContainer title={t('products.title')} content={t('products.subtitle')}>
      <Flex vertical gap={16}>
        <Alert
          type="warning"
          showIcon
          message={t('products.newOrdersOnly')}
          description={t('products.noOutcome')}
        />
        {!canEdit && <Alert type="info" showIcon message={t('products.readOnly')} />}
        <ProductsTable canEdit={canEdit} />
      </Flex>
    </PageContainer>
  );
}

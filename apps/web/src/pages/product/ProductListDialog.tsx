import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { RouteDialog } from '@/components/RouteDialog';

export default function ProductListDialog() {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t('pages.productListDialog.title')}>
      <EmptyState icon={<HistogramOutline />} message={t('trade.noProducts')} />
    </RouteDialog>
  );
}

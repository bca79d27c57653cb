import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { RouteDialog } from '@/components/RouteDialog';

/** An order's details and countdown. It takes the order's `id`; without one there is nothing. */
export default function OrderDialog() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const hasId = (params.get('id') ?? '') !== '';
  return (
    <RouteDialog title={t('pages.orderDialog.title')} placement="center">
      <EmptyState message={hasId ? t('trade.orderNotFound') : t('trade.orderIdMissing')} />
    </RouteDialog>
  );
}

import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { RecordTabs } from '@/components/RecordTabs';

/** SPEC §4: Hosting, Settled, and Cancelled (which reads "Redeemed"). */
const STATUSES = ['hosting', 'settled', 'redeemed'] as const;

export default function EarnOrderPage() {
  const { t } = useTranslation();
  return (
    <RecordTabs tabs={STATUSES.map((key) => ({ key, title: t(`earn.status.${key}`) }))}>
      {() => <EmptyState message={t('earn.noOrders')} />}
    </RecordTabs>
  );
}

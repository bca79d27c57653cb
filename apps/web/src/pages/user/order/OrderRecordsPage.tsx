import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { RecordTabs } from '@/components/RecordTabs';

/** SPEC §4: trade orders are Trading until they settle, then Closed. */
const STATUSES = ['trading', 'closed'] as const;

export default function OrderRecordsPage() {
  const { t } = useTranslation();
  return (
    <RecordTabs tabs={STATUSES.map((key) => ({ key, title: t(`trade.status.${key}`) }))}>
      {() => <EmptyState message={t('trade.noOrders')} />}
    </RecordTabs>
  );
}

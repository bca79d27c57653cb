import { useTranslation } from 'react-i18next';
import { useConfig } from '@/core/config';
import { EmptyState } from '@/components/EmptyState';
import { RecordTabs } from '@/components/RecordTabs';

/** A record list with one tab per wallet currency: recharges, withdrawals, financial records. */
export function CurrencyRecordsPage() {
  const { t } = useTranslation();
  const { currencies } = useConfig();
  return (
    <RecordTabs tabs={currencies.map(({ key, name }) => ({ key, title: name }))}>
      {() => <EmptyState message={t('common.noRecords')} />}
    </RecordTabs>
  );
}

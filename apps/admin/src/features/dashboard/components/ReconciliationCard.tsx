import type { ReconciliationSummary } from '@ampere/contract/admin';
import { Descriptions, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { currencyName } from './labels';

/** The ledger's last reconciliation, as the job recorded it. */
export function ReconciliationCard({ run }: { run: ReconciliationSummary | null }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (run === null) return <Empty description={t('overview.reconciliation.none')} />;
  const name = (currency: string) =>
    currency === 'money' || currency === 'usdt' ? currencyName(currency) : currency;
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label={t('overview.reconciliation.title')}>
        <Tag color={run.ok ? 'success' : 'error'}>
          {t(run.ok ? 'overview.reconciliation.ok' : 'overview.reconciliation.drift')}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('overview.reconciliation.checkedAt')}>
        {formatDateTime(run.checkedAt, locale)}
      </Descriptions.Item>
      {run.totals.map((total) => (
        <Descriptions.Item
          key={total.currency}
          label={t('overview.reconciliation.total', { currency: name(total.currency) })}
        >
          {total.total}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('overview.reconciliation.unbalanced')}>
        {run.unbalancedJournals}
      </Descriptions.Item>
      <Descriptions.Item label={t('overview.reconciliation.mismatches')}>
        {run.balanceMismatches}
      </Descriptions.Item>
      <Descriptions.Item label={t('overview.reconciliation.negatives')}>
        {run.negativeBalances}
      </Descriptions.Item>
    </Descriptions>
  );
}

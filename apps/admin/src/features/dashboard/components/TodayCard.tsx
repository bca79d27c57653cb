import type { CurrencyKey } from '@ampere/contract';
import type { Dashboard } from '@ampere/contract/admin';
import { Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { currencyName, isJournalKind } from './labels';

type Today = Dashboard['today'];
type Total = Today['deposits'][number];

interface Row {
  currency: CurrencyKey;
  deposits: Total | undefined;
  withdrawals: Total | undefined;
  trading: Total | undefined;
}

/** Today's money by what the ledger recorded: per currency, and per journal kind. */
export function TodayCard({ today }: { today: Today }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const totalText = (total: Total | undefined) =>
    total === undefined
      ? '—'
      : t('overview.today.countAmount', { count: total.count, amount: total.amount });
  const rows: Row[] = today.trading.map(({ currency }) => ({
    currency,
    deposits: today.deposits.find((d) => d.currency === currency),
    withdrawals: today.withdrawals.find((d) => d.currency === currency),
    trading: today.trading.find((d) => d.currency === currency),
  }));
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">
        {t('overview.today.window', {
          from: formatDateTime(today.from, locale),
          to: formatDateTime(today.to, locale),
        })}
      </Typography.Text>
      <Table<Row>
        rowKey="currency"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('overview.today.currency'),
            dataIndex: 'currency',
            render: (_, row) => currencyName(row.currency),
          },
          {
            title: t('overview.today.deposits'),
            key: 'deposits',
            render: (_, row) => totalText(row.deposits),
          },
          {
            title: t('overview.today.withdrawals'),
            key: 'withdrawals',
            render: (_, row) => totalText(row.withdrawals),
          },
          {
            title: t('overview.today.trading'),
            key: 'trading',
            render: (_, row) => totalText(row.trading),
          },
        ]}
      />
      <Typography.Text type="secondary">{t('overview.today.notBuilt')}</Typography.Text>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('overview.today.journals')}
      </Typography.Title>
      <Table
        rowKey={(row) => `${row.kind}:${row.currency}`}
        size="small"
        pagination={false}
        dataSource={today.journals}
        locale={{ emptyText: t('overview.today.noJournals') }}
        columns={[
          {
            title: t('overview.today.kind'),
            dataIndex: 'kind',
            render: (_, row) =>
              isJournalKind(row.kind) ? t(`overview.today.kinds.${row.kind}`) : row.kind,
          },
          {
            title: t('overview.today.currency'),
            dataIndex: 'currency',
            render: (_, row) => currencyName(row.currency),
          },
          { title: t('overview.today.count'), dataIndex: 'count', align: 'right' },
          { title: t('overview.today.amount'), dataIndex: 'amount', align: 'right' },
        ]}
      />
    </Flex>
  );
}

import type { Exposure } from '@ampere/contract/admin';
import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyName } from './labels';

/** Open orders per product and direction: their stakes, and the payout if every one won. */
export function ExposureCard({ exposure }: { exposure: Exposure[] }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('overview.exposure.note')}</Typography.Text>
      <Table<Exposure>
        rowKey={(row) => `${row.symbol}:${row.direction}:${row.currency}`}
        size="small"
        pagination={false}
        dataSource={exposure}
        locale={{ emptyText: t('overview.exposure.none') }}
        columns={[
          { title: t('overview.exposure.symbol'), dataIndex: 'symbol' },
          {
            title: t('overview.exposure.direction'),
            dataIndex: 'direction',
            render: (_, row) => (
              <Tag color={row.direction === 'up' ? 'green' : 'red'} bordered={false}>
                {t(`overview.exposure.${row.direction}`)}
              </Tag>
            ),
          },
          {
            title: t('overview.exposure.currency'),
            dataIndex: 'currency',
            render: (_, row) => currencyName(row.currency),
          },
          { title: t('overview.exposure.orders'), dataIndex: 'orders', align: 'right' },
          { title: t('overview.exposure.stake'), dataIndex: 'stake', align: 'right' },
          { title: t('overview.exposure.payoutIfWon'), dataIndex: 'payoutIfWon', align: 'right' },
        ]}
      />
    </Flex>
  );
}

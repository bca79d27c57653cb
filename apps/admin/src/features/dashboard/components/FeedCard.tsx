import type { FeedState } from '@ampere/contract/admin';
import { Badge, Descriptions, Flex, Table, Tag, Typography, type BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';

type FeedProduct = FeedState['products'][number];

const STATE_STATUS: Record<FeedProduct['state'], NonNullable<BadgeProps['status']>> = {
  open: 'success',
  paused: 'warning',
  closed: 'default',
};

/** Which feed runs, on which server, and how each product's prices stand (issue #23). */
export function FeedCard({ feed }: { feed: FeedState }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { leader } = feed;
  return (
    <Flex vertical gap={12}>
      <Descriptions column={1} size="small" styles={{ label: { width: 200 } }}>
        <Descriptions.Item label={t('overview.feed.configured')}>
          <Tag bordered={false}>{t(`overview.feed.kinds.${feed.configured.feed}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('overview.feed.publishes')}>
          {t(feed.configured.publishes ? 'common.yes' : 'common.no')}
        </Descriptions.Item>
        {leader === null ? (
          <Descriptions.Item label={t('overview.feed.leader')}>
            <Typography.Text type="warning">{t('overview.feed.noLeader')}</Typography.Text>
          </Descriptions.Item>
        ) : (
          <>
            <Descriptions.Item label={t('overview.feed.leader')}>
              <Badge
                status={leader.alive ? 'success' : 'error'}
                text={`${leader.node} · ${t(leader.alive ? 'overview.feed.alive' : 'overview.feed.silent')}`}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.feed.leaderFeed')}>
              <Tag color={leader.feed === 'simulated' ? 'gold' : 'blue'} bordered={false}>
                {t(`overview.feed.kinds.${leader.feed}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.feed.electedAt')}>
              {formatDateTime(leader.electedAt, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.feed.seenAt')}>
              {formatDateTime(leader.seenAt, locale)}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Table<FeedProduct>
        rowKey="symbol"
        size="small"
        pagination={false}
        dataSource={feed.products}
        columns={[
          { title: t('overview.feed.symbol'), dataIndex: 'symbol' },
          {
            title: t('overview.feed.state'),
            dataIndex: 'state',
            render: (_, row) => (
              <Badge
                status={STATE_STATUS[row.state]}
                text={t(`overview.feed.states.${row.state}`)}
              />
            ),
          },
          {
            title: t('overview.feed.lastTickAt'),
            dataIndex: 'lastTickAt',
            render: (_, row) => formatDateTime(row.lastTickAt, locale),
          },
        ]}
      />
    </Flex>
  );
}

import type { PendingQueue } from '@ampere/contract/admin';
import { Badge, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';

/** The queues the server reports (each module's `pendingQueue`), by their labels' keys. */
export const QUEUE_NAMES: Partial<
  Record<string, 'adjustments' | 'kyc' | 'recharges' | 'withdrawals' | 'payouts'>
> = {
  adjustments: 'adjustments',
  kyc: 'kyc',
  'funding.recharges': 'recharges',
  'funding.withdrawals': 'withdrawals',
  'funding.payouts': 'payouts',
};

/** Work waiting for staff, as each module that has some reports it. None is made up. */
export function QueuesCard({ queues }: { queues: PendingQueue[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (queues.length === 0) return <Empty description={t('overview.queues.none')} />;
  const nameOf = (name: string) => {
    const key = QUEUE_NAMES[name];
    return key === undefined ? name : t(`overview.queues.names.${key}`);
  };
  return (
    <List
      dataSource={queues}
      renderItem={(queue) => (
        <List.Item
          extra={
            <Badge
              count={queue.count}
              showZero
              color={queue.count > 0 ? 'orange' : 'green'}
              overflowCount={9999}
            />
          }
        >
          <List.Item.Meta
            title={nameOf(queue.name)}
            description={
              <Typography.Text type="secondary">
                {queue.oldestAt === null
                  ? t('overview.queues.empty')
                  : `${t('overview.queues.waiting', { count: queue.count })}, ${t(
                      'overview.queues.oldest',
                      { time: formatDateTime(queue.oldestAt, locale) },
                    )}`}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}

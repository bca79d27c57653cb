import type { PendingQueue } from '@ampere/contract/admin';
import { Badge, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';

/** Work waiting for staff, as each module that has some reports it. None is made up. */
export function QueuesCard({ queues }: { queues: PendingQueue[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (queues.length === 0) return <Empty description={t('overview.queues.none')} />;
  const nameOf = (name: string) =>
    name === 'adjustments'
      ? t('overview.queues.names.adjustments')
      : name === 'kyc'
        ? t('overview.queues.names.kyc')
        : name;
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

import type { Notification, NotificationKind } from '@ampere/contract';
import { Badge, List } from 'antd-mobile';
import {
  CollectMoneyOutline,
  GiftOutline,
  HistogramOutline,
  ReceivePaymentOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@/components/RelativeTime';
import styles from './NotificationList.module.css';

const ICONS: Record<NotificationKind, ReactNode> = {
  order_settled: <HistogramOutline />,
  recharge_credited: <ReceivePaymentOutline />,
  deposit_credited: <ReceivePaymentOutline />,
  withdrawal_approved: <CollectMoneyOutline />,
  withdrawal_paid: <CollectMoneyOutline />,
  withdrawal_rejected: <CollectMoneyOutline />,
  kyc_approved: <UserContactOutline />,
  kyc_declined: <UserContactOutline />,
  earn_matured: <GiftOutline />,
};

interface Props {
  items: readonly Notification[];
  onOpen: (item: Notification) => void;
}

/** Notifications, newest first: what happened, when; an unread one is bold with a dot. */
export function NotificationList({ items, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <List className={styles.list}>
      {items.map((n) => (
        <List.Item
          key={n.id}
          data-testid="notification"
          data-kind={n.kind}
          data-read={n.read}
          prefix={
            <span className={styles.icon} data-kind={n.kind} aria-hidden>
              {ICONS[n.kind]}
            </span>
          }
          arrowIcon={false}
          onClick={() => {
            onOpen(n);
          }}
          description={<span className={styles.body}>{n.body}</span>}
        >
          <span className={styles.head}>
            <span className={styles.title} data-read={n.read}>
              {!n.read && (
                <Badge
                  content={Badge.dot}
                  aria-label={t('notifications.unread')}
                  className={styles.dot}
                />
              )}
              {n.title}
            </span>
            <span className={styles.time}>
              <RelativeTime iso={n.createdAt} />
            </span>
          </span>
        </List.Item>
      ))}
    </List>
  );
}

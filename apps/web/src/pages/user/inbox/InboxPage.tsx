import type { Notification } from '@ampere/contract';
import { Button } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { MoreLoader } from '@/components/MoreLoader';
import { QueryFallback } from '@/components/QueryState';
import { api } from '@/core/api';
import { RealtimeProvider } from '@/core/realtime';
import { useSession } from '@/core/session';
import { NotificationList } from '@/features/notifications/components/NotificationList';
import {
  useInboxPushes,
  useMarkRead,
  useNotificationList,
  useUnreadCount,
} from '@/features/notifications/hooks/useNotifications';
import { badgeText, subjectTarget } from '@/features/notifications/subject';
import { useAppNavigate, useOpenDialog } from '@/hooks/useAppNavigate';
import { currentLocale } from '@/i18n';
import { useFeatureMessages } from '@/i18n/feature';
import styles from './InboxPage.module.css';

/**
 * The inbox (issue #17 item 4): the user's notifications, newest first, live over the `inbox`
 * channel. A tap marks one read and opens what it is about; "Mark all read" marks everything up
 * to the newest one shown.
 */
export default function InboxPage() {
  useFeatureMessages('notifications');
  return (
    <RealtimeProvider>
      <Inbox />
    </RealtimeProvider>
  );
}

function Inbox() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const openDialog = useOpenDialog();
  const username = useSession().user?.username ?? '';
  const list = useNotificationList(api, username, currentLocale());
  const count = useUnreadCount(api, username);
  useInboxPushes(username);
  const mark = useMarkRead(api, username);
  const unread = count.data ?? list.data?.pages[0]?.unread ?? 0;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const open = (n: Notification) => {
    if (!n.read) mark.mutate({ ids: [n.id] });
    const target = subjectTarget(n.kind, n.subjectId);
    if (target.dialog) openDialog(target.path);
    else navigate(target.path);
  };

  if (list.data === undefined) return <QueryFallback query={{ ...list, data: undefined }} />;
  if (items.length === 0)
    return <EmptyState icon={<BellOutline />} message={t('notifications.empty')} />;
  return (
    <>
      <div className={styles.bar}>
        <span className={styles.count} data-testid="inbox-unread">
          {unread > 0
            ? t('notifications.unreadCount', { count: badgeText(unread) ?? '' })
            : t('notifications.allRead')}
        </span>
        {unread > 0 && (
          <Button
            size="small"
            fill="none"
            color="primary"
            disabled={mark.isPending}
            onClick={() => {
              mark.mutate({ ids: 'all', upTo: items[0]?.id });
            }}
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
      </div>
      <NotificationList items={items} onOpen={open} />
      <MoreLoader
        hasMore={list.hasNextPage}
        loadMore={async () => {
          const next = await list.fetchNextPage();
          // A failed page rejects, so the footer offers to try again.
          if (next.isError) throw next.error;
        }}
      />
      <p className={styles.retention}>{t('notifications.retention')}</p>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PATHS } from '@/config/paths';
import { api } from '@/core/api';
import { RealtimeProvider } from '@/core/realtime';
import { useSession } from '@/core/session';
import { InboxBell } from '@/features/notifications/components/InboxBell';
import { useInboxPushes, useUnreadCount } from '@/features/notifications/hooks/useNotifications';
import { useAppNavigate } from '@/hooks/useAppNavigate';

/**
 * Home's bell, in the title bar (issue #17 item 4): the unread count, moved by the `inbox`
 * channel's pushes without a reload. Its own chunk, loaded after Home has painted.
 */
export default function HomeBell() {
  return (
    <RealtimeProvider>
      <LiveBell />
    </RealtimeProvider>
  );
}

function LiveBell() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const username = useSession().user?.username ?? '';
  const unread = useUnreadCount(api, username).data ?? 0;
  useInboxPushes(username);
  return (
    <InboxBell
      unread={unread}
      label={t('pages.inbox.title')}
      onOpen={() => {
        navigate(PATHS.inbox);
      }}
    />
  );
}

import { Button } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { RouteDialog } from '@/components/RouteDialog';
import { PATHS } from '@/config/paths';
import { api } from '@/core/api';
import { useSession } from '@/core/session';
import { NoticeArticle } from '@/features/content/components/NoticeArticle';
import { NoticeList } from '@/features/content/components/NoticeList';
import {
  useMarkNoticesRead,
  usePopupNotices,
  useUserNotices,
} from '@/features/content/hooks/useContent';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { currentLocale } from '@/i18n';
import styles from './NoticeDialog.module.css';

/**
 * Pop-up notices at launch (`?popup=1`): each unseen one in turn, marked seen on the server as it
 * is shown, so it never shows again for this user on any device.
 */
function Popups({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const popups = usePopupNotices(api, user?.username ?? '', currentLocale());
  const { mutate } = useMarkNoticesRead(api);
  const [index, setIndex] = useState(0);
  const items = popups.data?.items ?? [];
  const shown = items[index];
  useEffect(() => {
    if (shown) mutate([shown.id]);
  }, [shown, mutate]);
  return (
    <QueryState query={popups}>
      {() =>
        shown ? (
          <div className={styles.popup}>
            <div className={styles.scroll}>
              <NoticeArticle notice={shown} />
            </div>
            <Button
              block
              color="primary"
              onClick={() => {
                if (index + 1 < items.length) setIndex(index + 1);
                else close();
              }}
            >
              {index + 1 < items.length
                ? t('content.next', { n: index + 2, count: items.length })
                : t('content.gotIt')}
            </Button>
          </div>
        ) : (
          <EmptyState icon={<SoundOutline />} message={t('notice.none')} />
        )
      }
    </QueryState>
  );
}

/** Every announcement with this user's read state; a tap opens it. */
function AllNotices() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const { user } = useSession();
  const notices = useUserNotices(api, user?.username ?? '', currentLocale());
  return (
    <QueryState query={notices}>
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState icon={<SoundOutline />} message={t('notice.none')} />
        ) : (
          <div className={`${styles.scroll} ${styles.list}`}>
            <p className={styles.count}>
              {data.unread === 0
                ? t('content.allRead')
                : t('content.unreadCount', { count: data.unread })}
            </p>
            <NoticeList
              items={data.items}
              onOpen={(id) => {
                navigate(`${PATHS.noticeView}?id=${encodeURIComponent(id)}`, 'redirect');
              }}
            />
          </div>
        )
      }
    </QueryState>
  );
}

/** The notice dialog (SPEC §2 `noticeDialog`): the launch pop-ups, or the announcements. */
export default function NoticeDialog() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const popup = params.get('popup') === '1';
  return (
    <RouteDialog title={t('pages.noticeDialog.title')} placement="center">
      {(close) => (popup ? <Popups close={close} /> : <AllNotices />)}
    </RouteDialog>
  );
}

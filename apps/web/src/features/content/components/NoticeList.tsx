import type { NoticeSummary } from '@ampere/contract';
import { Badge, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@/components/RelativeTime';
import styles from './NoticeList.module.css';

interface Props {
  items: readonly (NoticeSummary & { read?: boolean })[];
  onOpen: (id: string) => void;
}

/** Announcements, pinned first; an unread one carries a dot. */
export function NoticeList({ items, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <List className={styles.list}>
      {items.map((n) => (
        <List.Item
          key={n.id}
          onClick={() => {
            onOpen(n.id);
          }}
          description={<span className={styles.summary}>{n.summary}</span>}
          extra={<RelativeTime iso={n.publishedAt} />}
        >
          <span className={styles.title}>
            {n.read === false && (
              <Badge content={Badge.dot} aria-label={t('content.unread')} className={styles.dot} />
            )}
            {n.pinned && <span className={styles.pinned}>{t('content.pinned')}</span>}
            {n.title}
          </span>
        </List.Item>
      ))}
    </List>
  );
}

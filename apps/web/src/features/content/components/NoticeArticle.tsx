import type { Notice } from '@ampere/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NoticeBody } from './NoticeBody';
import { RelativeTime } from '@/components/RelativeTime';
import styles from './NoticeArticle.module.css';

/** One announcement: title, when, the rich text. */
export function NoticeArticle({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  return (
    <article className={styles.article}>
      <h2 className={styles.title}>{notice.title}</h2>
      <p className={styles.meta}>
        {notice.pinned && (
          <Tag color="primary" fill="outline">
            {t('content.pinned')}
          </Tag>
        )}
        <RelativeTime iso={notice.publishedAt} />
      </p>
      <NoticeBody html={notice.body} />
    </article>
  );
}

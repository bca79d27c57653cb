import type { StatementItem } from '@ampere/contract';
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './StatementFeed.module.css';
import { StatementList } from './StatementList';

interface Props {
  items: readonly StatementItem[];
  hasMore: boolean;
  /** Loads the next page; rejects when it fails, so the list offers a retry. */
  loadMore: () => Promise<void>;
}

/** The full statement: rows with exact times, the next page fetched near the bottom. */
export function StatementFeed({ items, hasMore, loadMore }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.feed}>
      <StatementList items={items} timeMode="absolute" />
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {(more, failed, retry) => (
          <div className={styles.status}>
            {failed ? (
              <>
                {t('records.loadMoreFailed')}
                <button type="button" className={styles.retry} onClick={retry}>
                  {t('common.retry')}
                </button>
              </>
            ) : more ? (
              <>
                {t('common.loading')}
                <DotLoading />
              </>
            ) : (
              t('records.end')
            )}
          </div>
        )}
      </InfiniteScroll>
    </div>
  );
}

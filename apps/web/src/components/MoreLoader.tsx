import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './MoreLoader.module.css';

interface Props {
  hasMore: boolean;
  /** Loads the next page; rejects when it fails, so the footer offers a retry. */
  loadMore: () => Promise<void>;
}

/** The foot of a paged list: loads the next page near the bottom, says when it failed or ended. */
export function MoreLoader({ hasMore, loadMore }: Props) {
  const { t } = useTranslation();
  return (
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
  );
}

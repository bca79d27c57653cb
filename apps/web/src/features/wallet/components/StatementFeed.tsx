import type { StatementLine } from '@ampere/contract';
import { MoreLoader } from '@/components/MoreLoader';
import styles from './StatementFeed.module.css';
import { StatementList } from './StatementList';

interface Props {
  items: readonly StatementLine[];
  hasMore: boolean;
  /** Loads the next page; rejects when it fails, so the list offers a retry. */
  loadMore: () => Promise<void>;
}

/** The full statement: rows with exact times, the next page fetched near the bottom. */
export function StatementFeed({ items, hasMore, loadMore }: Props) {
  return (
    <div className={styles.feed}>
      <StatementList items={items} timeMode="absolute" />
      <MoreLoader loadMore={loadMore} hasMore={hasMore} />
    </div>
  );
}

import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import styles from './QueryState.module.css';
import { RetryState } from './RetryState';

/** What QueryState reads of a TanStack Query result. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Props<T> {
  query: QueryLike<T>;
  /** What the loaded data looks like. */
  children: (data: T) => ReactNode;
  /** Less room around the loading indicator (inside a card). */
  compact?: boolean;
}

/**
 * The one way a view waits for its data: a loading indicator until it comes; a first load that
 * failed says why, in the user's language, with a way to try again. Rendered while `query.data`
 * is undefined (`if (query.data === undefined) return <QueryFallback query={query} />`); a failed
 * refetch keeps what is already shown.
 */
export function QueryFallback<T>({ query, compact = false }: Omit<Props<T>, 'children'>) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <RetryState
        message={errorText(query.error, t, { fallback: 'loading_failed' })}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }
  return (
    <div
      className={compact ? `${styles.loading} ${styles.compact}` : styles.loading}
      role="status"
      aria-label={t('common.loading')}
    >
      <DotLoading color="primary" />
    </div>
  );
}

/** QueryFallback until the data is there, then `children(data)`. */
export function QueryState<T>({ query, children, compact = false }: Props<T>) {
  if (query.data !== undefined) return children(query.data);
  return <QueryFallback query={query} compact={compact} />;
}

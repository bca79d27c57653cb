import type { InfiniteData } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { MoreLoader } from '@/components/MoreLoader';
import { QueryFallback } from '@/components/QueryState';

interface PagedQuery<T> {
  data: InfiniteData<{ items: T[] }> | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/** A tracker list: loading/error, "No records", the rows, and the next page near the bottom. */
export function PagedList<T>({
  query,
  children,
}: {
  query: PagedQuery<T>;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data === undefined) return <QueryFallback query={{ ...query, data: undefined }} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState message={t('common.noRecords')} />;
  return (
    <>
      <List>{items.map(children)}</List>
      <MoreLoader
        hasMore={query.hasNextPage}
        loadMore={async () => {
          const next = await query.fetchNextPage();
          // A failed page rejects, so the footer offers to try again.
          if (next.isError) throw next.error;
        }}
      />
    </>
  );
}

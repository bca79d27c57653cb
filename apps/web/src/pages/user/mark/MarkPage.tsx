import { QueryFallback } from '@/components/QueryState';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '@/core/api';
import { useConfig } from '@/core/config';
import { EmptyState } from '@/components/EmptyState';
import { exportStatement } from '@/features/wallet/api/exportStatement';
import { parseStatementFilters, statementSearch } from '@/features/wallet/api/wallet';
import type { StatementFilters } from '@/features/wallet/api/wallet';
import { StatementFeed } from '@/features/wallet/components/StatementFeed';
import { StatementFilterBar } from '@/features/wallet/components/StatementFilterBar';
import { useStatement } from '@/features/wallet/hooks/useWallet';
import { errorText } from '@/i18n/errorText';
import { Toast } from '@/lib/overlays';

/**
 * Financial records (SPEC §2 /app/pages/user/mark/index): the user's whole statement, newest
 * first, narrowed by currency, kind and dates, and exported as CSV with the same filters. The
 * filters live in the address, so reloading or coming back shows the same list.
 */
export default function MarkPage() {
  const { t } = useTranslation();
  const { currencies } = useConfig();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseStatementFilters(search), [search]);
  const setFilters = (next: StatementFilters) => {
    setSearch(statementSearch(next), { replace: true });
  };
  const exporting = useMutation({
    mutationFn: () => exportStatement(api, filters),
    onSuccess: () => {
      Toast.show({ icon: 'success', content: t('records.exported') });
    },
    onError: (error) => {
      Toast.show({ icon: 'fail', content: errorText(error, t) });
    },
  });
  return (
    <>
      <StatementFilterBar
        filters={filters}
        onChange={setFilters}
        currencies={currencies}
        exporting={exporting.isPending}
        onExport={() => {
          exporting.mutate();
        }}
      />
      <Records
        filters={filters}
        onClear={() => {
          setFilters({});
        }}
      />
    </>
  );
}

function Records({ filters, onClear }: { filters: StatementFilters; onClear: () => void }) {
  const { t } = useTranslation();
  const query = useStatement(api, filters);
  // A failed refetch or next page keeps the rows already shown; only a first load that failed
  // replaces the list with the error.
  if (query.data === undefined) return <QueryFallback query={query} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    const filtered = Object.keys(filters).length > 0;
    return filtered ? (
      <EmptyState
        message={t('records.noMatches')}
        action={
          <Button size="small" onClick={onClear}>
            {t('records.filters.clearAll')}
          </Button>
        }
      />
    ) : (
      <EmptyState message={t('wallet.noChanges')} />
    );
  }
  return (
    <StatementFeed
      items={items}
      hasMore={query.hasNextPage}
      loadMore={async () => {
        await query.fetchNextPage({ throwOnError: true });
      }}
    />
  );
}

import { QueryFallback } from '@/components/QueryState';
import { PullToRefresh } from 'antd-mobile';
import {
  BillOutline,
  CollectMoneyOutline,
  LoopOutline,
  ReceivePaymentOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@/core/api';
import { useConfig } from '@/core/config';
import { EmptyState } from '@/components/EmptyState';
import { EntryGrid } from '@/components/EntryGrid';
import { RetryState } from '@/components/RetryState';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { useBook } from '@/features/practice/book';
import { BookSwitch } from '@/features/practice/components/BookSwitch';
import { useFeatureMessages } from '@/i18n/feature';
import { PracticeBalance } from '@/widgets/trade/PracticeBalance';
import { BalanceCard } from '@/features/wallet/components/BalanceCard';
import { StatementList } from '@/features/wallet/components/StatementList';
import { useBalance, useRecentDetails } from '@/features/wallet/hooks/useWallet';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { errorText } from '@/i18n/errorText';

const ENTRIES = [
  { key: 'recharge', icon: <ReceivePaymentOutline />, path: PATHS.recharge },
  { key: 'withdraw', icon: <CollectMoneyOutline />, path: PATHS.withdraw },
  { key: 'exchange', icon: <LoopOutline />, path: PATHS.exchange },
  { key: 'records', icon: <BillOutline />, path: PATHS.mark },
] as const;

/**
 * The wallet at a glance: balances per currency, the ways to move money, and the latest changes.
 * Fresh on every visit, on return to the app and on pull-down; live pushes come with the socket.
 */
export default function AssetPage() {
  useFeatureMessages('practice');
  const { t } = useTranslation();
  const book = useBook();
  const navigate = useAppNavigate();
  const { currencies } = useConfig();
  const balance = useBalance(api);
  const recent = useRecentDetails(api);
  return (
    <PullToRefresh
      onRefresh={async () => {
        await Promise.all([balance.refetch(), recent.refetch()]);
      }}
    >
      <BookSwitch />
      {book === 'practice' ? (
        <PracticeBalance book={book} full />
      ) : (
        <BalanceCard currencies={currencies} balance={balance.data} />
      )}
      {/* A failed refresh keeps the figures already shown; only a first failure asks to retry. */}
      {book === 'real' && balance.data === undefined && balance.isError && (
        <RetryState
          message={errorText(balance.error, t, { fallback: 'loading_failed' })}
          onRetry={() => {
            void balance.refetch();
          }}
        />
      )}
      <Section>
        <EntryGrid
          columns={4}
          entries={ENTRIES.map(({ key, icon, path }) => ({
            key,
            icon,
            label: t(`wallet.actions.${key}`),
            onOpen: () => {
              navigate(path);
            },
          }))}
        />
      </Section>
      {/* The statement is real money only: never listed under the practice book. */}
      {book === 'real' && (
        <Section
          title={t('wallet.recent')}
          extra={<Link to={PATHS.mark}>{t('wallet.allRecords')}</Link>}
        >
          <RecentDetails query={recent} />
        </Section>
      )}
    </PullToRefresh>
  );
}

function RecentDetails({ query }: { query: ReturnType<typeof useRecentDetails> }) {
  const { t } = useTranslation();
  // A failed refresh keeps the rows already shown.
  if (query.data === undefined) return <QueryFallback query={query} compact />;
  if (query.data.items.length === 0) return <EmptyState message={t('wallet.noChanges')} />;
  return <StatementList items={query.data.items} timeMode="relative" />;
}

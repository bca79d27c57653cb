import type { CurrencyKey } from '@ampere/contract';
import { RecordTabs } from '@/components/RecordTabs';
import { PATHS } from '@/config/paths';
import { WithdrawRecords } from '@/features/funding/components/RecordLists';
import { useFundingPushes } from '@/features/funding/hooks/useFundingPushes';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';

const TABS: readonly { key: CurrencyKey; title: string }[] = [
  { key: 'money', title: 'CNY' },
  { key: 'usdt', title: 'USDT' },
];

/** Withdrawal record, one tab per currency, newest first, live. */
export default function WithdrawListPage() {
  useFeatureMessages('funding');
  const navigate = useAppNavigate();
  useFundingPushes();
  return (
    <RecordTabs tabs={TABS}>
      {(currency) => (
        <WithdrawRecords
          key={currency}
          currency={currency}
          onOpen={(item) => {
            navigate(`${PATHS.withdrawDetail}?id=${encodeURIComponent(item.id)}`);
          }}
        />
      )}
    </RecordTabs>
  );
}

import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/QueryState';
import { WithdrawalDetailView } from '@/features/funding/components/RecordDetails';
import { useWithdrawalDetail } from '@/features/funding/hooks/useFunding';
import { useFundingPushes } from '@/features/funding/hooks/useFundingPushes';
import { useFeatureMessages } from '@/i18n/feature';

/** One withdrawal with its timeline and, while pending, Cancel; takes `id`. */
export default function WithdrawDetailPage() {
  useFeatureMessages('funding');
  const [params] = useSearchParams();
  const query = useWithdrawalDetail(params.get('id') ?? '');
  useFundingPushes();
  return (
    <QueryState query={query}>{(record) => <WithdrawalDetailView record={record} />}</QueryState>
  );
}

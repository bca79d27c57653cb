import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/QueryState';
import { RechargeDetailView } from '@/features/funding/components/RecordDetails';
import { useRechargeDetail } from '@/features/funding/hooks/useFunding';
import { useFundingPushes } from '@/features/funding/hooks/useFundingPushes';
import { useFeatureMessages } from '@/i18n/feature';

/** One bank recharge with its timeline; takes `id`. */
export default function RechargeDetailPage() {
  useFeatureMessages('funding');
  const [params] = useSearchParams();
  const query = useRechargeDetail(params.get('id') ?? '');
  useFundingPushes();
  return (
    <QueryState query={query}>{(record) => <RechargeDetailView record={record} />}</QueryState>
  );
}

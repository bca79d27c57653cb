import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/QueryState';
import { DepositDetailView } from '@/features/funding/components/DepositDetail';
import { useDepositDetail } from '@/features/funding/hooks/useFunding';
import { useFundingPushes } from '@/features/funding/hooks/useFundingPushes';
import { useFeatureMessages } from '@/i18n/feature';

/** One USDT chain deposit, live while it is confirming; takes `id`. */
export default function DepositDetailPage() {
  useFeatureMessages('funding');
  const [params] = useSearchParams();
  const query = useDepositDetail(params.get('id') ?? '');
  useFundingPushes();
  return <QueryState query={query}>{(record) => <DepositDetailView record={record} />}</QueryState>;
}

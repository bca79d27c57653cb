import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/QueryState';
import { ExchangeDetailView } from '@/features/funding/components/RecordDetails';
import { useExchangeDetail } from '@/features/funding/hooks/useFunding';
import { useFundingPushes } from '@/features/funding/hooks/useFundingPushes';
import { useFeatureMessages } from '@/i18n/feature';

/** One exchange with its arithmetic; takes `id`. */
export default function ExchangeDetailPage() {
  useFeatureMessages('funding');
  const [params] = useSearchParams();
  const query = useExchangeDetail(params.get('id') ?? '');
  useFundingPushes();
  return (
    <QueryState query={query}>{(record) => <ExchangeDetailView record={record} />}</QueryState>
  );
}

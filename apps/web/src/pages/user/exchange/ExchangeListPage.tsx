import { PATHS } from '@/config/paths';
import { ExchangeRecords } from '@/features/funding/components/RecordLists';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';

/** Exchange record, newest first. */
export default function ExchangeListPage() {
  useFeatureMessages('funding');
  const navigate = useAppNavigate();
  return (
    <ExchangeRecords
      onOpen={(item) => {
        navigate(`${PATHS.exchangeDetail}?id=${encodeURIComponent(item.id)}`);
      }}
    />
  );
}

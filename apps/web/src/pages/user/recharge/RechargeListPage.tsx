import { PATHS } from '@/config/paths';
import { RechargeRecords } from '@/features/funding/components/RecordLists';
import { useFundingPushes } from '@/features/funding/hooks/useFundingPushes';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';

/** Recharge record: bank recharges and chain deposits, newest first, live; each opens its detail. */
export default function RechargeListPage() {
  useFeatureMessages('funding');
  const navigate = useAppNavigate();
  useFundingPushes();
  return (
    <RechargeRecords
      onOpen={(item) => {
        const page = item.method === 'usdt' ? PATHS.depositDetail : PATHS.rechargeDetail;
        navigate(`${page}?id=${encodeURIComponent(item.id)}`);
      }}
    />
  );
}

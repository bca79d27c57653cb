import { useConfig } from '@/core/config';
import { PATHS } from '@/config/paths';
import { FundingClosedNotice } from '@/features/wallet/components/FundingClosedNotice';
import { RechargeForm } from '@/features/wallet/components/RechargeForm';
import { useAppNavigate } from '@/hooks/useAppNavigate';

export default function RechargePage() {
  const { rechargeOpen } = useConfig();
  const navigate = useAppNavigate();
  if (!rechargeOpen) {
    return (
      <FundingClosedNotice
        kind="recharge"
        onContact={() => {
          navigate(PATHS.dedicatedService);
        }}
      />
    );
  }
  return <RechargeForm />;
}

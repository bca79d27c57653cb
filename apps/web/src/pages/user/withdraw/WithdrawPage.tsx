import { useConfig } from '@/core/config';
import { PATHS } from '@/config/paths';
import { FundingClosedNotice } from '@/features/wallet/components/FundingClosedNotice';
import { WithdrawForm } from '@/features/wallet/components/WithdrawForm';
import { useAppNavigate } from '@/hooks/useAppNavigate';

export default function WithdrawPage() {
  const { withdrawOpen, currencies } = useConfig();
  const navigate = useAppNavigate();
  if (!withdrawOpen) {
    return (
      <FundingClosedNotice
        kind="withdraw"
        onContact={() => {
          navigate(PATHS.dedicatedService);
        }}
      />
    );
  }
  return (
    <WithdrawForm
      currencies={currencies}
      onManageCard={() => {
        navigate(PATHS.bindCards);
      }}
    />
  );
}

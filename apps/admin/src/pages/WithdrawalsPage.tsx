import { PageContainer } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { WithdrawalQueue } from '@/features/funding/components/WithdrawalQueue';

/** Withdrawals to approve (twice when large), reject or pay (funding.read; review, pay). */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  return (
    <PageContainer
      title={t('fundingDesk.withdrawals.title')}
      content={t('fundingDesk.withdrawals.subtitle')}
    >
      <WithdrawalQueue />
    </PageContainer>
  );
}

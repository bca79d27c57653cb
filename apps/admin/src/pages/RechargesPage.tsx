import { PageContainer } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { RechargeQueue } from '@/features/funding/components/RechargeQueue';

/** Bank recharges to confirm or reject (funding.read; decisions funding.review). */
export default function RechargesPage() {
  const { t } = useTranslation();
  return (
    <PageContainer
      title={t('fundingDesk.recharges.title')}
      content={t('fundingDesk.recharges.subtitle')}
    >
      <RechargeQueue />
    </PageContainer>
  );
}

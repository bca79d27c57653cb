import { PageContainer } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ExchangeList } from '@/features/funding/components/ExchangeList';

/** Completed CNY↔USDT exchanges, read-only (funding.read). */
export default function ExchangesPage() {
  const { t } = useTranslation();
  return (
    <PageContainer
      title={t('fundingDesk.exchanges.title')}
      content={t('fundingDesk.exchanges.subtitle')}
    >
      <ExchangeList />
    </PageContainer>
  );
}

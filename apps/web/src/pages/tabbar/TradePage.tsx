import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { CHART_INTERVALS, IntervalTabs } from '@/features/market/components/IntervalTabs';
import type { ChartInterval } from '@/features/market/components/IntervalTabs';
import { ProductHeader } from '@/features/trade/components/ProductHeader';
import { TradeActions } from '@/features/trade/components/TradeActions';
import { useOpenDialog } from '@/hooks/useAppNavigate';

export default function TradePage() {
  const { t } = useTranslation();
  const openDialog = useOpenDialog();
  const [chartInterval, setChartInterval] = useState<ChartInterval>(CHART_INTERVALS[0]);
  return (
    <>
      <Section>
        <ProductHeader
          onPick={() => {
            openDialog(PATHS.productListDialog);
          }}
        />
        <IntervalTabs value={chartInterval} onChange={setChartInterval} />
        <EmptyState message={t('markets.empty')} />
      </Section>
      <Section>
        <TradeActions disabledReason={t('trade.noProductReason')} />
      </Section>
      <Section
        title={t('trade.myOrders')}
        extra={<Link to={PATHS.orders}>{t('common.more')}</Link>}
      >
        <EmptyState message={t('trade.noOrders')} />
      </Section>
    </>
  );
}

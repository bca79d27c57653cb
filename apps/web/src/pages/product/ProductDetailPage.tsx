import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Section } from '@/components/Section';
import { CHART_INTERVALS, IntervalTabs } from '@/features/market/components/IntervalTabs';
import type { ChartInterval } from '@/features/market/components/IntervalTabs';
import { TradeActions } from '@/features/trade/components/TradeActions';

/** A product's chart and order buttons. It takes the product's `id` (SPEC §8 messages). */
export default function ProductDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [chartInterval, setChartInterval] = useState<ChartInterval>(CHART_INTERVALS[0]);
  const missing = (params.get('id') ?? '') === '';
  const reason = missing ? t('errors.product_id_missing') : t('errors.product_not_found');
  return (
    <>
      <Section>
        <IntervalTabs value={chartInterval} onChange={setChartInterval} />
        <EmptyState message={t('markets.empty')} />
      </Section>
      <Section>
        <TradeActions disabledReason={reason} />
      </Section>
    </>
  );
}

import type { Candle } from '@ampere/contract';
import { DotLoading } from 'antd-mobile';
import { Suspense, lazy, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '@/core/api';
import { useConfig } from '@/core/config';
import { MarketStreamProvider } from '@/features/market/MarketStreamProvider';
import { EmptyState } from '@/components/EmptyState';
import { RetryState } from '@/components/RetryState';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { useBook } from '@/features/practice/book';
import { BookSwitch } from '@/features/practice/components/BookSwitch';
import { PracticeBalance } from '@/widgets/trade/PracticeBalance';
import { useFeatureMessages } from '@/i18n/feature';
import { fetchCandles, isKlineInterval } from '@/features/market/api/market';
import type { MarketProduct } from '@/features/market/api/market';
import { IntervalTabs } from '@/features/market/components/IntervalTabs';
import type { ChartInterval } from '@/features/market/components/IntervalTabs';
import { QuoteHeader } from '@/features/market/components/QuoteHeader';
import { useProducts } from '@/features/market/hooks/useProducts';
import { productListHref } from '@/features/market/links';
import { ProductHeader } from '@/features/trade/components/ProductHeader';
import { TradeActions } from '@/features/trade/components/TradeActions';
import type { Direction } from '@/features/trade/components/TradeActions';
import { useOpenDialog } from '@/hooks/useAppNavigate';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import styles from './ProductDetailPage.module.css';

/** The chart library is big: it loads with the first chart, never with the app. */
const KlineChart = lazy(() => import('@/features/market/components/KlineChart'));

/** One-minute candles show a few hours at a glance: the most useful first view. */
const DEFAULT_INTERVAL: ChartInterval = '1Min';

/**
 * A product's live quote, chart and order buttons. It takes the product's `id` (its symbol,
 * URL-encoded) and, optionally, the chart `interval`, which the page keeps in its address.
 */
export default function ProductDetailPage() {
  return (
    <MarketStreamProvider>
      <ProductDetail />
    </MarketStreamProvider>
  );
}

function ProductDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const products = useProducts(api, currentLocale());

  if (id === '') return <Unavailable reason={t('errors.product_id_missing')} />;
  if (products.isPending) {
    return (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (products.isError) {
    return (
      <Section>
        <RetryState
          message={errorText(products.error, t, { fallback: 'loading_failed' })}
          onRetry={() => void products.refetch()}
        />
      </Section>
    );
  }
  const product = products.data.find((p) => p.symbol === id);
  if (product === undefined) return <Unavailable reason={t('errors.product_not_found')} />;
  return <ProductView product={product} />;
}

/** No product to show: say why, and keep the order buttons visibly off. */
function Unavailable({ reason }: { reason: string }) {
  return (
    <>
      <Section>
        <EmptyState message={reason} />
      </Section>
      <Section>
        <TradeActions disabledReason={reason} />
      </Section>
    </>
  );
}

function ProductView({ product }: { product: MarketProduct }) {
  useFeatureMessages('practice');
  const { t } = useTranslation();
  const book = useBook();
  const { feedSimulated } = useConfig();
  const openDialog = useOpenDialog();
  const [params, setParams] = useSearchParams();
  const requested = params.get('interval') ?? '';
  const chartInterval: ChartInterval = isKlineInterval(requested) ? requested : DEFAULT_INTERVAL;
  const { symbol } = product;

  const loadCandles = useCallback(
    (before: number | undefined, signal: AbortSignal): Promise<Candle[]> =>
      fetchCandles(api, { symbol, interval: chartInterval, before }, signal),
    [symbol, chartInterval],
  );

  const selectInterval = (next: ChartInterval) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('interval', next);
        return updated;
      },
      { replace: true },
    );
  };

  const buy = (direction: Direction) => {
    // The order dialog takes the product and the direction; the ticket and confirmation follow.
    const practice = book === 'practice' ? '&book=practice' : '';
    openDialog(
      `${PATHS.orderDialog}?symbol=${encodeURIComponent(symbol)}&direction=${direction}${practice}`,
    );
  };

  return (
    <>
      <Section>
        <ProductHeader
          product={product}
          onPick={() => {
            openDialog(productListHref(symbol));
          }}
        />
        <QuoteHeader product={product} simulated={feedSimulated} />
      </Section>
      <Section>
        <div className={styles.intervals}>
          <IntervalTabs value={chartInterval} onChange={selectInterval} />
        </div>
        <Suspense
          fallback={
            <div className={styles.chartFallback}>
              <DotLoading color="primary" />
            </div>
          }
        >
          <KlineChart
            key={`${symbol}:${chartInterval}`}
            symbol={symbol}
            interval={chartInterval}
            priceScale={product.priceScale}
            loadCandles={loadCandles}
          />
        </Suspense>
      </Section>
      <BookSwitch />
      <PracticeBalance book={book} />
      <Section>
        {product.state === 'open' ? (
          <TradeActions onBuy={buy} />
        ) : (
          <TradeActions
            disabledReason={t(
              product.state === 'closed' ? 'markets.reason.closed' : 'markets.reason.paused',
            )}
          />
        )}
      </Section>
    </>
  );
}

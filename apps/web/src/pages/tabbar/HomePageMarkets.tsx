import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '@/app/api';
import { MarketStreamProvider } from '@/app/socket';
import { EmptyState } from '@/components/EmptyState';
import { RetryState } from '@/components/RetryState';
import { ProductList } from '@/features/market/components/ProductList';
import { useProducts } from '@/features/market/hooks/useProducts';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import styles from './HomePageMarkets.module.css';

/** How many products Home shows; the Markets tab lists them all. */
const HOME_MARKETS_COUNT = 4;

/** The first products of the catalogue with live prices; a tap opens the product. */
function MarketSummary() {
  const { t } = useTranslation();
  const products = useProducts(api, currentLocale());
  if (products.isPending) {
    return (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (products.isError) {
    return (
      <RetryState
        message={errorText(products.error, t, { fallback: 'loading_failed' })}
        onRetry={() => void products.refetch()}
      />
    );
  }
  if (products.data.length === 0) return <EmptyState message={t('markets.empty')} />;
  return (
    <ProductList products={products.data.slice(0, HOME_MARKETS_COUNT)} label={t('home.markets')} />
  );
}

/** Home's market section: the first products with live prices. */
export default function HomePageMarkets() {
  return (
    <MarketStreamProvider>
      <MarketSummary />
    </MarketStreamProvider>
  );
}

import { QueryFallback } from '@/components/QueryState';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { MarketStreamProvider } from '@/features/market/MarketStreamProvider';
import { EmptyState } from '@/components/EmptyState';
import { ProductList } from '@/features/market/components/ProductList';
import { useProducts } from '@/features/market/hooks/useProducts';
import { currentLocale } from '@/i18n';

/** How many products Home shows; the Markets tab lists them all. */
const HOME_MARKETS_COUNT = 4;

/** The first products of the catalogue with live prices; a tap opens the product. */
function MarketSummary() {
  const { t } = useTranslation();
  const products = useProducts(api, currentLocale());
  if (products.data === undefined) return <QueryFallback query={products} compact />;
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

import { QueryFallback } from '@/components/QueryState';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { MarketStreamProvider } from '@/features/market/MarketStreamProvider';
import { EmptyState } from '@/components/EmptyState';
import { ProductList } from '@/features/market/components/ProductList';
import { productsQuery, useProducts } from '@/features/market/hooks/useProducts';
import { currentLocale } from '@/i18n';
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { HOME_MARKETS_COUNT } from './homeMarkets';

interface Props {
  /** Shown while the products load: rows the size of theirs (HomePage's placeholder). */
  placeholder?: ReactNode;
}

/** The first products of the catalogue with live prices; a tap opens the product. */
function MarketSummary({ placeholder }: Props) {
  const { t } = useTranslation();
  const products = useProducts(api, currentLocale());
  if (products.data === undefined) {
    // Loading: the rows' place (issue #20); a failure says why.
    if (!products.isError && placeholder !== undefined) return placeholder;
    return <QueryFallback query={products} compact />;
  }
  if (products.data.length === 0) return <EmptyState message={t('markets.empty')} />;
  return (
    <ProductList products={products.data.slice(0, HOME_MARKETS_COUNT)} label={t('home.markets')} />
  );
}

/**
 * Reads the summary's products into `client` (HomePage, before it shows the section, so the
 * rows' first render has their data). A failed read is the section's to show: it reads again.
 */
export function prefetchMarketSummary(client: QueryClient): Promise<void> {
  return client.query(productsQuery(api, currentLocale())).then(
    () => undefined,
    () => undefined,
  );
}

/** Home's market section: the first products with live prices. */
export default function HomePageMarkets({ placeholder }: Props) {
  return (
    <MarketStreamProvider>
      <MarketSummary placeholder={placeholder} />
    </MarketStreamProvider>
  );
}

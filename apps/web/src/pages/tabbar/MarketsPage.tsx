import { DotLoading, SearchBar, Tabs, Tag } from 'antd-mobile';
import { StarOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { useConfig } from '@/core/config';
import { MarketStreamProvider } from '@/features/market/MarketStreamProvider';
import { EmptyState } from '@/components/EmptyState';
import { RetryState } from '@/components/RetryState';
import { Section } from '@/components/Section';
import type { MarketProduct } from '@/features/market/api/market';
import { ProductList } from '@/features/market/components/ProductList';
import { favourites, useFavourites } from '@/features/market/favourites';
import { useProducts } from '@/features/market/hooks/useProducts';
import { categoriesOf, categoryTab, filterProducts } from '@/features/market/search';
import type { MarketTab } from '@/features/market/search';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import styles from './MarketsPage.module.css';

/** The catalogue's categories with a name in every language; others show as the server names them. */
const KNOWN_CATEGORIES = ['crypto', 'metal', 'fx', 'energy'] as const;
type KnownCategory = (typeof KNOWN_CATEGORIES)[number];
const isKnownCategory = (value: string): value is KnownCategory =>
  KNOWN_CATEGORIES.some((category) => category === value);

const toggleFavourite = (symbol: string) => {
  favourites.toggle(symbol);
};

export default function MarketsPage() {
  return (
    <MarketStreamProvider>
      <Markets />
    </MarketStreamProvider>
  );
}

function Markets() {
  const { t } = useTranslation();
  const { feedSimulated } = useConfig();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<MarketTab>('all');
  const products = useProducts(api, currentLocale());
  const categories = useMemo(() => categoriesOf(products.data ?? []), [products.data]);
  const tabs: { key: MarketTab; title: string }[] = [
    { key: 'all', title: t('markets.tabs.all') },
    { key: 'favourites', title: t('markets.tabs.favourites') },
    ...categories.map((category) => ({
      key: categoryTab(category),
      title: isKnownCategory(category) ? t(`markets.categories.${category}`) : category,
    })),
  ];
  return (
    <>
      <div className={styles.search}>
        <SearchBar placeholder={t('markets.search')} value={query} onChange={setQuery} />
      </div>
      <Section
        title={t('markets.listTitle')}
        extra={
          feedSimulated && (
            <Tag color="warning" fill="outline">
              {t('markets.simulated')}
            </Tag>
          )
        }
      >
        <Tabs
          className={styles.tabs}
          activeKey={tab}
          onChange={(key) => {
            setTab(tabs.find((item) => item.key === key)?.key ?? 'all');
          }}
        >
          {tabs.map((item) => (
            <Tabs.Tab key={item.key} title={item.title} />
          ))}
        </Tabs>
        {products.isPending ? (
          <div className={styles.loading}>
            <DotLoading color="primary" />
          </div>
        ) : products.isError ? (
          <RetryState
            message={errorText(products.error, t, { fallback: 'loading_failed' })}
            onRetry={() => void products.refetch()}
          />
        ) : (
          <FilteredProducts products={products.data} query={query} tab={tab} />
        )}
      </Section>
    </>
  );
}

function FilteredProducts({
  products,
  query,
  tab,
}: {
  products: readonly MarketProduct[];
  query: string;
  tab: MarketTab;
}) {
  const { t } = useTranslation();
  const favouriteSymbols = useFavourites();
  const shown = useMemo(
    () => filterProducts(products, { query, tab, favourites: favouriteSymbols }),
    [products, query, tab, favouriteSymbols],
  );
  if (shown.length === 0) {
    const searched = query.trim();
    if (searched !== '') {
      return <EmptyState message={t('markets.noResults', { query: searched })} />;
    }
    if (tab === 'favourites') {
      return <EmptyState icon={<StarOutline />} message={t('markets.noFavourites')} />;
    }
    return <EmptyState message={t('markets.empty')} />;
  }
  return (
    <ProductList
      products={shown}
      withHeader
      favourites={favouriteSymbols}
      onToggleFavourite={toggleFavourite}
      label={t('markets.listTitle')}
    />
  );
}

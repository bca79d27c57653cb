import { DotLoading } from 'antd-mobile';
import { HistogramOutline } from 'antd-mobile-icons';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '@/core/api';
import { MarketStreamProvider } from '@/features/market/MarketStreamProvider';
import { EmptyState } from '@/components/EmptyState';
import { RetryState } from '@/components/RetryState';
import { RouteDialog } from '@/components/RouteDialog';
import { ProductList } from '@/features/market/components/ProductList';
import { useProducts } from '@/features/market/hooks/useProducts';
import { tradeSymbol } from '@/features/trade/productChoice';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import styles from './ProductListDialog.module.css';

/**
 * Every product with its live price. Picking one opens its detail page in place of the dialog
 * (the history entry is replaced), so the product on screen switches. The `id` query names the
 * product on screen, marked in the list. Opened from the Trade tab (`from=trade`), picking one
 * makes it the Trade tab's product instead, and the dialog closes back to the tab.
 */
export default function ProductListDialog() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const fromTrade = params.get('from') === 'trade';
  return (
    <RouteDialog title={t('pages.productListDialog.title')}>
      {(close) => (
        <MarketStreamProvider>
          {fromTrade ? (
            <div
              onClickCapture={(event) => {
                pickForTrade(event, close);
              }}
            >
              <Products />
            </div>
          ) : (
            <Products />
          )}
        </MarketStreamProvider>
      )}
    </RouteDialog>
  );
}

/**
 * A tap on a product's row, taken before its link to the detail page sees it: the symbol
 * becomes the Trade tab's product and the dialog closes, which goes back to the tab.
 */
function pickForTrade(event: MouseEvent, close: () => void): void {
  if (!(event.target instanceof Element)) return;
  const symbol = event.target.closest<HTMLElement>('[data-symbol]')?.dataset.symbol;
  if (symbol === undefined) return;
  event.preventDefault();
  event.stopPropagation();
  tradeSymbol.set(symbol);
  close();
}

function Products() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
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
  if (products.data.length === 0) {
    return <EmptyState icon={<HistogramOutline />} message={t('trade.noProducts')} />;
  }
  return (
    <ProductList
      products={products.data}
      current={params.get('id') ?? undefined}
      replace
      label={t('pages.productListDialog.title')}
    />
  );
}

import { useTranslation } from 'react-i18next';
import type { MarketProduct } from '../api/market';
import { productDetailHref } from '../links';
import { ProductRow } from './ProductRow';
import styles from './ProductList.module.css';

interface Props {
  products: readonly MarketProduct[];
  /** Column titles above the rows. */
  withHeader?: boolean;
  /** Favourite symbols; without it the rows have no star. */
  favourites?: readonly string[];
  onToggleFavourite?: (symbol: string) => void;
  /** The product on screen (marked), when the list picks another one. */
  current?: string;
  /** Opening a product replaces the current history entry (a picker switching products). */
  replace?: boolean;
  label: string;
}

/** Products with live prices. Each row updates on its own; the list renders only on changes. */
export function ProductList({
  products,
  withHeader = false,
  favourites,
  onToggleFavourite,
  current,
  replace = false,
  label,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      {withHeader && (
        <div className={styles.header} data-with-star={favourites !== undefined} aria-hidden>
          <span>{t('markets.columns.name')}</span>
          <span>{t('markets.columns.price')}</span>
          <span className={styles.change}>{t('markets.columns.change')}</span>
        </div>
      )}
      <ul className={styles.list} aria-label={label}>
        {products.map((product) => (
          <ProductRow
            key={product.symbol}
            product={product}
            to={productDetailHref(product.symbol)}
            replace={replace}
            favourite={favourites?.includes(product.symbol)}
            onToggleFavourite={onToggleFavourite}
            current={product.symbol === current}
          />
        ))}
      </ul>
    </>
  );
}

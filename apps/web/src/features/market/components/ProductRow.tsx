import { StarFill, StarOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MarketProduct } from '../api/market';
import { useTicker } from '../hooks/useMarketStream';
import { formatPrice, liveQuote } from '../quote';
import { ChangeBadge } from './ChangeBadge';
import { ProductStateTag } from './ProductStateTag';
import styles from './ProductRow.module.css';

interface Props {
  product: MarketProduct;
  /** Where tapping the row goes (the product's detail page). */
  to: string;
  /** Replace the current history entry instead of pushing one (switching from a dialog). */
  replace?: boolean;
  /** Whether the product is a favourite; the star is left out when undefined. */
  favourite?: boolean;
  onToggleFavourite?: (symbol: string) => void;
  /** The product already on screen (the product list dialog). */
  current?: boolean;
}

/**
 * One product with its live price. Memoized and subscribed to its own symbol only: a tick
 * re-renders this row, never the list around it.
 */
export const ProductRow = memo(function ProductRow({
  product,
  to,
  replace = false,
  favourite,
  onToggleFavourite,
  current = false,
}: Props) {
  const { t } = useTranslation();
  const ticker = useTicker(product.symbol);
  const quote = liveQuote(product, ticker);
  const open = product.state === 'open';
  return (
    <li className={styles.row} data-testid="market-row" data-symbol={product.symbol}>
      {favourite !== undefined && (
        <button
          type="button"
          className={styles.star}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'markets.favourite.remove' : 'markets.favourite.add', {
            name: product.name,
          })}
          data-active={favourite}
          onClick={() => onToggleFavourite?.(product.symbol)}
        >
          {favourite ? <StarFill /> : <StarOutline />}
        </button>
      )}
      <Link
        className={styles.link}
        to={to}
        replace={replace}
        aria-current={current ? 'page' : undefined}
        data-current={current}
      >
        <span className={styles.names}>
          <span className={styles.name}>
            <span className={styles.nameText}>{product.name}</span>
            <ProductStateTag state={product.state} />
          </span>
          <span className={styles.symbol}>{product.symbol}</span>
        </span>
        <span
          className={styles.price}
          data-direction={open ? quote.direction : 'flat'}
          data-muted={!open}
          data-testid="market-price"
        >
          {formatPrice(quote.price, product.priceScale)}
        </span>
        <ChangeBadge pct={quote.changePct} direction={quote.direction} muted={!open} />
      </Link>
    </li>
  );
});

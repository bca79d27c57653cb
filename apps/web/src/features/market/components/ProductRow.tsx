import { StarFill, StarOutline } from 'antd-mobile-icons';
import { memo, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MarketProduct } from '../api/market';
import { useMarketStream } from '../hooks/useMarketStream';
import { formatPrice, livePrice } from '../quote';
import { changeBadgeClass, setData, setText, showChange } from './ChangeBadge';
import { watchNearViewport } from './nearViewport';
import { sizeRowToContent } from './sizedRow';
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
 * The row's price and change, written straight into the two cells on each frame that moves the
 * symbol's ticker, without a React render: with 50 products, React re-rendering the rows that
 * moved (root to row, then the commit) was the largest script cost of a frame carrying price
 * updates (bench markets-fps). React renders the cells empty and never sets their text or
 * direction, so it has nothing to undo; the layout effect fills them before the first paint and
 * again when the product changes. The cells read as they always did: the price in the rise or
 * fall colour, the change badge (ChangeBadge's markup) with its arrow.
 *
 * A row away from the screen (further than NEAR_VIEWPORT_MARGIN) is not written at all — about
 * 33 of 50 rows on a phone at the top of the list — until it comes near, when it is brought up to
 * date before it shows. The browser renders more rows than that (Chromium keeps
 * `content-visibility: auto` content rendered within a screen and a half of the screen), and
 * writing those was more than half of the writes: 515 price writes
 * in 10 s before, about 230 after (bench markets-fps). Nor does the stream draw a frame for the
 * ticks of a row that is far (its `awake`): it keeps them for the row to read when it comes near.
 * Without IntersectionObserver every row is written.
 */
function LiveQuote({ product }: { product: MarketProduct }) {
  const stream = useMarketStream();
  const priceRef = useRef<HTMLSpanElement>(null);
  const changeRef = useRef<HTMLSpanElement>(null);
  const open = product.state === 'open';
  useLayoutEffect(() => {
    const price = priceRef.current;
    const change = changeRef.current;
    if (price === null || change === null) return;
    const write = () => {
      const quote = livePrice(product, stream.ticker(product.symbol));
      setText(price, formatPrice(quote.price, product.priceScale));
      setData(price, 'direction', open ? quote.direction : 'flat');
      showChange(change, quote.changePct, quote.direction, !open);
    };
    let near = true;
    const row = price.closest('li') ?? price;
    const unwatchRow = watchNearViewport(row, (isNear) => {
      near = isNear;
      // What came while it was far was kept, not drawn (the stream's `awake`).
      if (near) write();
    });
    write();
    const unwatch = stream.watchTicker(product.symbol, write, () => near);
    return () => {
      unwatch();
      unwatchRow();
    };
  }, [stream, product, open]);
  return (
    <>
      <span ref={priceRef} className={styles.price} data-muted={!open} data-testid="market-price" />
      <span ref={changeRef} className={changeBadgeClass} data-testid="market-change" />
    </>
  );
}

/** One product with its live price. Memoized: a list re-render passes it by. */
export const ProductRow = memo(function ProductRow({
  product,
  to,
  replace = false,
  favourite,
  onToggleFavourite,
  current = false,
}: Props) {
  const { t } = useTranslation();
  const rowRef = useRef<HTMLLIElement>(null);
  const starred = favourite !== undefined;
  // Again when the star comes or goes: the row's children change.
  useLayoutEffect(() => {
    const row = rowRef.current;
    return row === null ? undefined : sizeRowToContent(row);
  }, [starred]);
  return (
    <li ref={rowRef} className={styles.row} data-testid="market-row" data-symbol={product.symbol}>
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
        <LiveQuote product={product} />
      </Link>
    </li>
  );
});

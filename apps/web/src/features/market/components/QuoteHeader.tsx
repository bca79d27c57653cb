import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { MarketProduct } from '../api/market';
import { useTicker } from '../hooks/useMarketStream';
import { formatPrice, formatVolume, liveQuote } from '../quote';
import { ChangeBadge } from './ChangeBadge';
import { ProductStateTag } from './ProductStateTag';
import styles from './QuoteHeader.module.css';

/** A product's live price and change, its state, and the 24 h high, low and volume. */
export function QuoteHeader({
  product,
  simulated,
}: {
  product: MarketProduct;
  simulated: boolean;
}) {
  const { t } = useTranslation();
  const quote = liveQuote(product, useTicker(product.symbol));
  const open = product.state === 'open';
  const stats = [
    {
      key: 'high',
      label: t('markets.stats.high'),
      value: formatPrice(quote.high, product.priceScale),
    },
    {
      key: 'low',
      label: t('markets.stats.low'),
      value: formatPrice(quote.low, product.priceScale),
    },
    { key: 'volume', label: t('markets.stats.volume'), value: formatVolume(product.volume24h) },
  ] as const;
  return (
    <div className={styles.quote}>
      <div className={styles.main}>
        <span
          className={styles.price}
          data-direction={open ? quote.direction : 'flat'}
          data-muted={!open}
          data-testid="quote-price"
        >
          {formatPrice(quote.price, product.priceScale)}
        </span>
        <div className={styles.tags}>
          <ChangeBadge pct={quote.changePct} direction={quote.direction} muted={!open} />
          <ProductStateTag state={product.state} />
          {simulated && (
            <Tag color="warning" fill="outline">
              {t('markets.simulated')}
            </Tag>
          )}
        </div>
      </div>
      <dl className={styles.stats}>
        {stats.map((stat) => (
          <div key={stat.key} className={styles.stat}>
            <dt>{stat.label}</dt>
            <dd data-testid={`quote-${stat.key}`}>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

import { DownOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from './ProductHeader.module.css';

interface Props {
  onPick: () => void;
  /** The product on screen; without one the header says none is selected. */
  product?: { symbol: string; name: string };
}

/**
 * The product being traded, with the control that opens the product list. Without a product it
 * says so instead of showing a made-up symbol or price.
 */
export function ProductHeader({ onPick, product }: Props) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.header} onClick={onPick}>
      {product === undefined ? (
        <span className={styles.symbol}>{t('trade.noProduct')}</span>
      ) : (
        <span className={styles.product}>
          <span className={styles.symbol}>{product.symbol}</span>
          <span className={styles.name}>{product.name}</span>
        </span>
      )}
      <span className={styles.pick}>
        {t('trade.pickProduct')} <DownOutline />
      </span>
    </button>
  );
}

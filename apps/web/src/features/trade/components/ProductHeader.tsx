import { DownOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from './ProductHeader.module.css';

/**
 * The product being traded, with the control that opens the product list. Without a product it
 * says so instead of showing a made-up symbol or price.
 */
export function ProductHeader({ onPick }: { onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.header} onClick={onPick}>
      <span className={styles.symbol}>{t('trade.noProduct')}</span>
      <span className={styles.pick}>
        {t('trade.pickProduct')} <DownOutline />
      </span>
    </button>
  );
}

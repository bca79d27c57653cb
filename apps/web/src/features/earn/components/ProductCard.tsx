import type { EarnProduct } from '@ampere/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../display';
import { currencyName } from '../display';
import { percent } from '../projection';
import styles from './Earn.module.css';

/** A product in a list: name, cycle and limits, and its daily rate. */
export function ProductCard({ product, onOpen }: { product: EarnProduct; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.card} onClick={onOpen}>
      <span className={styles.cardMain}>
        <span className={styles.cardTitle}>
          {product.name} {!product.onSale && <Tag color="default">{t('earn.notOnSale')}</Tag>}
        </span>
        <span className={styles.cardMeta}>
          {t('earn.nDays', { n: product.cycleDays })} · {formatMoney(product.min)}–
          {formatMoney(product.max)} {currencyName(product.currency)}
        </span>
      </span>
      <span className={styles.rate}>
        <span className={styles.rateValue}>{percent(product.dailyRate)}</span>
        <span className={styles.cardMeta}>{t('earn.dailyRate')}</span>
      </span>
    </button>
  );
}

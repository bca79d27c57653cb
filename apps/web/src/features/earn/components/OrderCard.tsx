import type { EarnOrder } from '@ampere/contract';
import { formatDateTime } from '@ampere/client';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../display';
import { currencyName } from '../display';
import styles from './Earn.module.css';

export const statusKey = (o: EarnOrder) => (o.status === 'cancelled' ? 'redeemed' : o.status);

/** An order in the list: product, principal, status and what it has earned. */
export function OrderCard({ order, onOpen }: { order: EarnOrder; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.card} onClick={onOpen}>
      <span className={styles.cardMain}>
        <span className={styles.cardTitle}>{order.name}</span>
        <span className={styles.cardMeta}>
          {formatMoney(order.amount)} {currencyName(order.currency)} · {formatDateTime(order.time)}
        </span>
      </span>
      <span className={styles.rate}>
        <span className={styles.rateValue}>+{formatMoney(order.totalIncome)}</span>
        <span className={styles.cardMeta}>{t(`earn.status.${statusKey(order)}`)}</span>
      </span>
    </button>
  );
}

import type { OrderStatus } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { OUTCOME_TONE } from '../outcome';
import styles from './StatusTag.module.css';

/** SPEC §4: Trading while open; once closed, the outcome (won, lost, tie, void). */
export function StatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.tag} data-tone={OUTCOME_TONE[status]} data-status={status}>
      {t(status === 'open' ? 'trade.status.trading' : `trade.outcome.${status}`)}
    </span>
  );
}

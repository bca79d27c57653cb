import type { CurrencyKey } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../display';
import { projection } from '../projection';
import styles from './Earn.module.css';

/** Projected earnings of `amount`: exactly what the order would be paid after each span. */
export function ProjectionTable(props: {
  amount: string;
  currency: CurrencyKey;
  dailyRate: string;
  cycleDays: number;
}) {
  const { t } = useTranslation();
  const rows = projection(props.amount, props.currency, props.dailyRate, props.cycleDays);
  if (!rows) return <p className={styles.hint}>{t('earn.projectionHint')}</p>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>{t('earn.holdFor')}</th>
          <th>{t('earn.projected')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.days}>
            <td>{r.days}</td>
            <td>+{formatMoney(r.interest)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

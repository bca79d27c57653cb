import type { EarnSummary } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../display';
import { currencyName } from '../display';
import styles from './Earn.module.css';

/** What the user holds in Earn, has earned, and earned yesterday — per currency they use. */
export function SummaryCard({ summary }: { summary: EarnSummary }) {
  const { t } = useTranslation();
  const used = (['money', 'usdt'] as const).filter(
    (c) => c === 'money' || summary[c].hosting > 0 || summary[c].totalEarned !== '0.000000',
  );
  return (
    <>
      {used.map((c) => (
        <div key={c}>
          {used.length > 1 && <div className={styles.currency}>{currencyName(c)}</div>}
          <div className={styles.summary}>
            <Figure label={t('earn.held')} value={formatMoney(summary[c].held)} />
            <Figure label={t('earn.totalEarned')} value={formatMoney(summary[c].totalEarned)} />
            <Figure label={t('earn.yesterday')} value={formatMoney(summary[c].yesterday)} />
          </div>
        </div>
      ))}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.figure}>
      <span className={styles.figureLabel}>{label}</span>
      <span className={styles.figureValue}>{value}</span>
    </div>
  );
}

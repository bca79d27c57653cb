import type { Direction, Period } from '@ampere/contract';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { periodLabel } from '../display';
import { ratePercent } from '../money';
import styles from './RulesSummary.module.css';

interface Props {
  period: Period | undefined;
  /** The direction chosen; both are described until one is. */
  direction?: Direction | undefined;
  onOpenRules: () => void;
}

/**
 * The rules of docs/trading-rules.md that decide this order, shown before buying: payout rate,
 * which way wins, the tie and void refunds, the strike and the expiry. The full text is a tap
 * away.
 */
export function RulesSummary({ period, direction, onOpenRules }: Props) {
  const { t } = useTranslation();
  const win =
    direction === undefined ? t('trade.rules.winBoth') : t(`trade.rules.win.${direction}`);
  return (
    <div className={styles.rules} data-testid="rules-summary">
      <ul className={styles.list}>
        {period !== undefined && (
          <li>{t('trade.rules.payout', { rate: ratePercent(period.payoutRate) })}</li>
        )}
        <li>{win}</li>
        <li>{t('trade.rules.tie')}</li>
        {period !== undefined && (
          <li>{t('trade.rules.expiry', { period: periodLabel(period.seconds, t) })}</li>
        )}
      </ul>
      <button type="button" className={styles.link} onClick={onOpenRules}>
        <InformationCircleOutline aria-hidden /> {t('trade.rules.link')}
      </button>
    </div>
  );
}

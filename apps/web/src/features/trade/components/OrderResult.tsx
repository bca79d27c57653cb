import type { Order } from '@ampere/contract';
import { CheckCircleFill, CloseCircleFill, InformationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { money, price, signedMoney, withCurrency } from '../display';
import { outcomeFigure } from '../outcome';
import { FigureRows } from './FigureRows';
import { PracticeTag } from './PracticeTag';
import { orderTermRows } from './orderRows';
import styles from './OrderResult.module.css';

interface Props {
  order: Order;
  /** The available balance of the order's currency after settlement; undefined while unknown. */
  available: string | undefined;
}

/**
 * A settled order's outcome: the profit of a win, the stake lost, or the refund of a tie or a
 * void, with the strike and exit that decided it and the balance it left.
 */
export function OrderResult({ order, available }: Props) {
  const { t } = useTranslation();
  const figure = outcomeFigure(order);
  if (figure === undefined) return null;
  const icon =
    figure.tone === 'up' ? (
      <CheckCircleFill />
    ) : figure.tone === 'down' ? (
      <CloseCircleFill />
    ) : (
      <InformationCircleFill />
    );
  return (
    <div className={styles.result} data-testid="order-result" data-outcome={figure.outcome}>
      <div className={styles.head} data-tone={figure.tone}>
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
        {order.book === 'practice' && <PracticeTag />}
        <h3 className={styles.title}>{t(`trade.result.${figure.outcome}`)}</h3>
        <p className={styles.amount} data-testid="result-amount">
          {figure.refunded
            ? t('trade.result.refunded', {
                amount: withCurrency(money(figure.payout), order.currency),
              })
            : withCurrency(signedMoney(figure.profit), order.currency)}
        </p>
      </div>
      <FigureRows
        rows={[
          ...orderTermRows(order, t),
          { key: 'strike', label: t('trade.strikePrice'), value: price(order.strikePrice) },
          {
            key: 'exit',
            label: t('trade.exitPrice'),
            value: price(order.exitPrice),
          },
          {
            key: 'profit',
            label: t('trade.profitLoss'),
            value: withCurrency(signedMoney(figure.profit), order.currency),
            tone: figure.tone,
            testId: 'result-profit',
          },
          {
            key: 'payout',
            label: t('trade.payout'),
            value: withCurrency(money(figure.payout), order.currency),
          },
          {
            key: 'balance',
            // A practice order left the practice balance (the practice feature's messages).
            label: t(order.book === 'practice' ? 'practice.available' : 'trade.result.balance'),
            value: available === undefined ? '—' : withCurrency(money(available), order.currency),
            testId: 'result-balance',
          },
        ]}
      />
    </div>
  );
}

import type { Order } from '@ampere/contract';
import { DotLoading, ProgressCircle } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatCountdown, remainingPercent, secondsLeft } from '../countdown';
import { dateTime, moneyMinor, price, withCurrency } from '../display';
import { expectedOf } from '../money';
import { STANDING_TONE, standingOf } from '../outcome';
import { FigureRows } from './FigureRows';
import { orderTermRows } from './orderRows';
import { Sparkline } from './Sparkline';
import styles from './OrderProgress.module.css';

interface Props {
  order: Order;
  /** The expiry on this device's clock (countdown.ts). */
  deadlineMs: number;
  nowMs: number;
  /** The latest price of the order's product. */
  livePrice: string | undefined;
  /** Prices since the order was placed, oldest first, for the line. */
  prices: readonly string[];
}

/**
 * An open order's countdown: the seconds left, and the live price against the strike, coloured
 * by whether the order would win if it expired now. At zero it waits for the settlement.
 */
export function OrderProgress({ order, deadlineMs, nowMs, livePrice, prices }: Props) {
  const { t } = useTranslation();
  const left = secondsLeft(deadlineMs, nowMs);
  const current = livePrice ?? order.strikePrice;
  const standing = standingOf(order.direction, order.strikePrice, current);
  const tone = STANDING_TONE[standing];
  const expected = expectedOf(order.amount, order.currency, order.payoutRate);
  return (
    <div className={styles.progress} data-testid="order-countdown">
      <div className={styles.head}>
        <ProgressCircle
          percent={remainingPercent(left, order.period)}
          className={styles.ring}
          style={{ '--size': '112px', '--track-width': '6px' }}
        >
          <span className={styles.center}>
            <span className={styles.seconds} data-testid="countdown-seconds">
              {formatCountdown(left)}
            </span>
            <span className={styles.caption}>{t('trade.countdown.left')}</span>
          </span>
        </ProgressCircle>
        <div className={styles.standing} data-tone={tone} data-testid="order-standing">
          {left === 0 ? (
            <span role="status">
              {t('trade.countdown.settling')} <DotLoading color="currentColor" />
            </span>
          ) : (
            t(`trade.standing.${standing}`)
          )}
        </div>
      </div>
      <div className={styles.line}>
        <Sparkline
          prices={prices}
          reference={order.strikePrice}
          tone={tone}
          label={t('trade.chartLabel', { symbol: order.symbol })}
          heightPx={64}
        />
      </div>
      <FigureRows
        rows={[
          {
            key: 'product',
            label: t('trade.product'),
            value: `${order.name} · ${order.symbol}`,
          },
          ...orderTermRows(order, t),
          {
            key: 'strike',
            label: t('trade.strikePrice'),
            value: price(order.strikePrice),
            testId: 'order-strike',
          },
          {
            key: 'now',
            label: t('trade.nowPrice'),
            value: price(current),
            tone,
            testId: 'order-now',
          },
          {
            key: 'profit',
            label: t('trade.expectedProfit'),
            value:
              expected === undefined
                ? '—'
                : `+${withCurrency(moneyMinor(expected.profitMinor, order.currency), order.currency)}`,
          },
          { key: 'expiry', label: t('trade.expiryTime'), value: dateTime(order.expiresAt) },
        ]}
      />
    </div>
  );
}

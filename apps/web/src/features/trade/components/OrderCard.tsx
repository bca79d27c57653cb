import type { Order } from '@ampere/contract';
import { RightOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsLeft } from '../countdown';
import { money, price, shortDateTime, signedMoney, withCurrency } from '../display';
import { STANDING_TONE, outcomeFigure, standingOf } from '../outcome';
import type { Tone } from '../outcome';
import { PracticeTag } from './PracticeTag';
import { DirectionTag } from './DirectionTag';
import { StatusTag } from './StatusTag';
import styles from './OrderCard.module.css';

interface Props {
  order: Order;
  /** Open orders: the expiry on this device's clock, the time now and the live price. */
  live?: { deadlineMs: number; nowMs: number; price: string | undefined } | undefined;
  onOpen: (order: Order) => void;
}

interface Cell {
  key: string;
  label: string;
  value: ReactNode;
  tone?: Tone;
  testId?: string;
}

/**
 * One order in Order records (SPEC §3 fields): direction, amount, status, time, buy (strike)
 * price, and then the now price and countdown while it trades, or the close price, expiry and
 * profit and loss once it has closed.
 */
export const OrderCard = memo(function OrderCard({ order, live, onOpen }: Props) {
  const { t } = useTranslation();
  const cells: Cell[] = [
    {
      key: 'amount',
      label: t('wallet.amount'),
      value: withCurrency(money(order.amount), order.currency),
    },
    { key: 'time', label: t('trade.time'), value: shortDateTime(order.openedAt) },
    { key: 'strike', label: t('trade.buyPrice'), value: price(order.strikePrice) },
  ];
  const figure = outcomeFigure(order);
  if (figure === undefined) {
    const now = live?.price ?? order.strikePrice;
    cells.push(
      {
        key: 'now',
        label: t('trade.nowPrice'),
        value: price(now),
        tone: STANDING_TONE[standingOf(order.direction, order.strikePrice, now)],
      },
      {
        key: 'countdown',
        label: t('trade.countdown.label'),
        value: live === undefined ? '—' : formatCountdown(secondsLeft(live.deadlineMs, live.nowMs)),
        testId: 'card-countdown',
      },
      { key: 'expiry', label: t('trade.expiryTime'), value: shortDateTime(order.expiresAt) },
    );
  } else {
    cells.push(
      { key: 'exit', label: t('trade.exitPrice'), value: price(order.exitPrice) },
      { key: 'expiry', label: t('trade.expiryTime'), value: shortDateTime(order.expiresAt) },
      {
        key: 'profit',
        label: t('trade.profitLoss'),
        value: withCurrency(signedMoney(figure.profit), order.currency),
        tone: figure.tone,
        testId: 'card-profit',
      },
    );
  }
  return (
    <li>
      <button
        type="button"
        className={styles.card}
        data-testid="order-card"
        data-order={order.id}
        data-status={order.status}
        onClick={() => {
          onOpen(order);
        }}
      >
        <span className={styles.head}>
          <span className={styles.product}>
            <span className={styles.name}>{order.name}</span>
            <span className={styles.symbol}>{order.symbol}</span>
          </span>
          {order.book === 'practice' && <PracticeTag />}
          <DirectionTag direction={order.direction} />
          <StatusTag status={order.status} />
          <RightOutline className={styles.chevron} aria-hidden />
        </span>
        <span className={styles.cells}>
          {cells.map((cell) => (
            <span key={cell.key} className={styles.cell}>
              <span className={styles.label}>{cell.label}</span>
              <span className={styles.value} data-tone={cell.tone} data-testid={cell.testId}>
                {cell.value}
              </span>
            </span>
          ))}
        </span>
      </button>
    </li>
  );
});

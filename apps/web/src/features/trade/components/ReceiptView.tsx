import type { Receipt } from '@ampere/contract';
import { Button } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { dateTime, price, signedMoney, tickTime, withCurrency } from '../display';
import { outcomeFigure } from '../outcome';
import { FigureRows } from './FigureRows';
import { orderTermRows } from './orderRows';
import { HashText } from './HashText';
import { PracticeTag } from './PracticeTag';
import { StatusTag } from './StatusTag';
import styles from './ReceiptView.module.css';

type Tick = NonNullable<Receipt['exitTick']>;

export type VerifyState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; result: Receipt['verification'] }
  | { state: 'error'; message: string };

interface Props {
  receipt: Receipt;
  verify: VerifyState;
  onVerify: () => void;
  /** Opens the rules' section on checking an order. */
  onHowTo: () => void;
}

/** The public check of the chain (docs/trading-rules.md), bounded like the endpoint. */
const VERIFY_LIMIT_MAX = 10_000;

/** The public endpoint that recomputes the hashes from the strike on, for anyone to call. */
export function publicCheckHref(receipt: Receipt): string {
  const limit = Math.min(Math.max(receipt.verification.checked, 1), VERIFY_LIMIT_MAX);
  const query = new URLSearchParams({
    symbol: receipt.order.symbol,
    from: receipt.verification.fromTickId,
    limit: String(limit),
  });
  return `/api/v1/market/chain/verify?${query.toString()}`;
}

function TickRows({ tick, name }: { tick: Tick; name: string }) {
  const { t } = useTranslation();
  return (
    <FigureRows
      dense
      rows={[
        { key: 'time', label: t('trade.time'), value: tickTime(tick.timeMs) },
        { key: 'price', label: t('trade.receipt.price'), value: price(tick.price) },
        { key: 'id', label: t('trade.receipt.tickId'), value: `#${tick.id}` },
        {
          key: 'hash',
          label: t('trade.receipt.hash'),
          value: <HashText hash={tick.hash} testId={`${name}-hash`} />,
        },
        {
          key: 'prev',
          label: t('trade.receipt.prevHash'),
          value: <HashText hash={tick.prevHash} />,
        },
      ]}
    />
  );
}

/**
 * An order's receipt: the strike and exit ticks with their time, price and chain hash, the chain
 * head published after the exit, and a Verify action that asks the server to check the chain
 * between them again, with a way to check it independently.
 */
export function ReceiptView({ receipt, verify, onVerify, onHowTo }: Props) {
  const { t } = useTranslation();
  const { order, strikeTick, exitTick, head } = receipt;
  const figure = outcomeFigure(order);
  return (
    <div className={styles.receipt} data-testid="receipt">
      {order.book === 'practice' && (
        <div className={styles.practice}>
          <PracticeTag />
        </div>
      )}
      <FigureRows
        rows={[
          { key: 'product', label: t('trade.product'), value: `${order.name} · ${order.symbol}` },
          { key: 'order', label: t('trade.receipt.orderId'), value: `#${order.id}` },
          ...orderTermRows(order, t),
          {
            key: 'status',
            label: t('trade.status.label'),
            value: <StatusTag status={order.status} />,
          },
          ...(figure === undefined
            ? []
            : [
                {
                  key: 'profit',
                  label: t('trade.profitLoss'),
                  value: withCurrency(signedMoney(figure.profit), order.currency),
                  tone: figure.tone,
                },
              ]),
        ]}
      />

      <h3 className={styles.heading}>{t('trade.receipt.strikeTick')}</h3>
      <TickRows tick={strikeTick} name="strike" />

      <h3 className={styles.heading}>{t('trade.receipt.exitTick')}</h3>
      {exitTick === null ? (
        <p className={styles.note}>
          {t(order.status === 'open' ? 'trade.receipt.exitPending' : 'trade.receipt.noExit')}
        </p>
      ) : (
        <TickRows tick={exitTick} name="exit" />
      )}

      <h3 className={styles.heading}>{t('trade.receipt.head')}</h3>
      {head === null ? (
        <p className={styles.note}>{t('trade.receipt.headPending')}</p>
      ) : (
        <FigureRows
          dense
          rows={[
            { key: 'minute', label: t('trade.receipt.minute'), value: dateTime(head.minuteMs) },
            { key: 'id', label: t('trade.receipt.tickId'), value: `#${head.tickId}` },
            {
              key: 'hash',
              label: t('trade.receipt.hash'),
              value: <HashText hash={head.hash} testId="head-hash" />,
            },
          ]}
        />
      )}

      <div className={styles.verify}>
        <VerifyResult verify={verify} />
        <Button
          block
          color="primary"
          fill="outline"
          loading={verify.state === 'checking'}
          onClick={onVerify}
        >
          {t('trade.receipt.verify')}
        </Button>
        <div className={styles.links}>
          <button type="button" className={styles.link} onClick={onHowTo}>
            {t('trade.receipt.howTo')}
          </button>
          <a
            className={styles.link}
            href={publicCheckHref(receipt)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('trade.receipt.publicCheck')}
          </a>
        </div>
      </div>
    </div>
  );
}

function VerifyResult({ verify }: { verify: VerifyState }) {
  const { t } = useTranslation();
  switch (verify.state) {
    case 'idle':
    case 'checking':
      return <p className={styles.note}>{t('trade.receipt.notVerified')}</p>;
    case 'error':
      return (
        <p className={styles.failed} role="alert">
          {verify.message}
        </p>
      );
    case 'done': {
      const { ok, checked, fromTickId, toTickId } = verify.result;
      return (
        <div
          className={ok ? styles.ok : styles.failed}
          role="status"
          data-testid="verification"
          data-ok={ok}
        >
          <p className={styles.verdict}>
            {ok ? <CheckCircleFill aria-hidden /> : <CloseCircleFill aria-hidden />}{' '}
            {t(ok ? 'trade.receipt.verifiedOk' : 'trade.receipt.verifiedFailed')}
          </p>
          <p className={styles.detail}>
            {t('trade.receipt.checked', { ticks: checked, from: fromTickId, to: toTickId })}
          </p>
        </div>
      );
    }
  }
}

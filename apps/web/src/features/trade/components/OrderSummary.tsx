import type { CurrencyKey, Direction, Period } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { moneyMinor, periodLabel, price, withCurrency } from '../display';
import { profitMinor, parseRate, ratePercent } from '../money';
import { DirectionTag } from './DirectionTag';
import { FigureRows } from './FigureRows';

interface Props {
  product: { symbol: string; name: string };
  direction: Direction;
  stakeMinor: bigint;
  currency: CurrencyKey;
  period: Period;
  /** The latest price: the strike will be the latest one when the server accepts the order. */
  livePrice: string | undefined;
}

/**
 * The order as it will be placed, for the user to confirm: product, direction, stake, period,
 * payout rate and what a win pays (exactly, as settlement computes it), and the strike rule.
 */
export function OrderSummary({
  product,
  direction,
  stakeMinor,
  currency,
  period,
  livePrice,
}: Props) {
  const { t } = useTranslation();
  const rate = parseRate(period.payoutRate);
  const profit = rate === undefined ? undefined : profitMinor(stakeMinor, rate);
  return (
    <FigureRows
      rows={[
        {
          key: 'product',
          label: t('trade.product'),
          value: `${product.name} · ${product.symbol}`,
        },
        {
          key: 'direction',
          label: t('trade.direction'),
          value: <DirectionTag direction={direction} />,
        },
        {
          key: 'amount',
          label: t('wallet.amount'),
          value: withCurrency(moneyMinor(stakeMinor, currency), currency),
          testId: 'confirm-amount',
        },
        { key: 'period', label: t('trade.expiry'), value: periodLabel(period.seconds, t) },
        { key: 'rate', label: t('trade.payoutRate'), value: `${ratePercent(period.payoutRate)}%` },
        {
          key: 'profit',
          label: t('trade.expectedProfit'),
          value:
            profit === undefined ? '—' : `+${withCurrency(moneyMinor(profit, currency), currency)}`,
          tone: 'up',
          testId: 'confirm-profit',
        },
        {
          key: 'payout',
          label: t('trade.payoutIfWon'),
          value:
            profit === undefined
              ? '—'
              : withCurrency(moneyMinor(stakeMinor + profit, currency), currency),
        },
        {
          key: 'strike',
          label: t('trade.strikePrice'),
          value: (
            <>
              {t('trade.strikeAtAcceptance')}
              {livePrice !== undefined && (
                <>
                  <br />
                  <small>{t('trade.nowAbout', { price: price(livePrice) })}</small>
                </>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

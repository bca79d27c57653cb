import type { TradeLimits } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { currencyName, money, signedMoney } from '../display';
import { signed } from '../outcome';
import { FigureRows } from './FigureRows';

const CURRENCY_KEYS = ['money', 'usdt'] as const;

/** Today's trading: orders opened, the net result of settled ones, and stakes still open. */
export function TodayFigures({ today }: { today: TradeLimits['today'] }) {
  const { t } = useTranslation();
  return (
    <FigureRows
      rows={[
        {
          key: 'orders',
          label: t('trade.limits.ordersToday'),
          value: today.orders,
          testId: 'today-orders',
        },
        ...CURRENCY_KEYS.map((key) => ({
          key: `net-${key}`,
          label: t('trade.limits.net', { currency: currencyName(key) }),
          value: signedMoney(today.net[key]),
          tone: signed(today.net[key]).tone,
          testId: `today-net-${key}`,
        })),
        ...CURRENCY_KEYS.map((key) => ({
          key: `open-${key}`,
          label: t('trade.limits.open', { currency: currencyName(key) }),
          value: money(today.open[key]),
        })),
      ]}
    />
  );
}

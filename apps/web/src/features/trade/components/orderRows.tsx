import type { Order } from '@ampere/contract';
import type { TFunction } from 'i18next';
import { money, withCurrency } from '../display';
import { DirectionTag } from './DirectionTag';
import type { FigureRow } from './FigureRows';

/** The direction and stake rows every view of an accepted order shows. */
export function orderTermRows(
  order: Pick<Order, 'direction' | 'amount' | 'currency'>,
  t: TFunction,
): FigureRow[] {
  return [
    {
      key: 'direction',
      label: t('trade.direction'),
      value: <DirectionTag direction={order.direction} />,
    },
    {
      key: 'amount',
      label: t('wallet.amount'),
      value: withCurrency(money(order.amount), order.currency),
    },
  ];
}

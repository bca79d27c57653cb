import type { Book, Order } from '@ampere/contract';
import { useCallback } from 'react';
import { api } from '@/core/api';
import { PATHS } from '@/config/paths';
import { useClock } from '@/features/trade/hooks/useClock';
import { useOpenOrders } from '@/features/trade/hooks/useTrade';
import { useOpenDialog } from '@/hooks/useAppNavigate';

/**
 * The signed-in user's running orders, a clock that ticks while there are any (for the
 * countdowns), and how to open one in the order dialog — shared by the Trade tab and Order
 * records.
 */
export function useRunningOrders(book: Book = 'real') {
  const orders = useOpenOrders(api, book);
  const openDialog = useOpenDialog();
  const open = useCallback(
    (order: Order) => {
      openDialog(`${PATHS.orderDialog}?id=${order.id}`);
    },
    [openDialog],
  );
  const nowMs = useClock((orders.data?.length ?? 0) > 0);
  return { orders, open, nowMs };
}

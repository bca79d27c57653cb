import type { Order } from '@ampere/contract';
import { useTicker } from '@/features/market/hooks/useMarketStream';
import { OrderCard } from '@/features/trade/components/OrderCard';
import type { TimedOrder } from '@/features/trade/hooks/useTrade';

/** An open order's card with its product's live price. */
export function LiveOrderCard({
  timed,
  nowMs,
  onOpen,
}: {
  timed: TimedOrder;
  nowMs: number;
  onOpen: (order: Order) => void;
}) {
  const ticker = useTicker(timed.order.symbol);
  return (
    <OrderCard
      order={timed.order}
      live={{ deadlineMs: timed.deadlineMs, nowMs, price: ticker?.price }}
      onOpen={onOpen}
    />
  );
}

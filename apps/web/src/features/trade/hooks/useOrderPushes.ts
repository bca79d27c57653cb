import type { Order } from '@ampere/contract';
import { useChannel } from '@/core/realtime';

/**
 * Calls `onOrder` with every order the server pushes on the signed-in user's `orders` channel
 * (placed or settled), already checked against the contract's schema.
 */
export function useOrderPushes(onOrder: (order: Order) => void): void {
  useChannel('orders', onOrder);
}

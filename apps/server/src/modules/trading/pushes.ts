import type { Order } from '@ampere/contract';
import type { PostedJournal } from '../ledger/ledger.service.js';
import type { Bus } from '../realtime/bus.js';
import { pushBalance } from '../wallet/balance-push.js';

/**
 * Pushes the order's new state and the balance it left on the user's private channels, after
 * the commit. `balances` are the journal's new balances when known (not on a replay).
 */
export function pushOrder(
  bus: Bus | undefined,
  order: Order,
  userId: bigint,
  balances?: PostedJournal['balances'],
): void {
  if (!bus) return;
  bus.publish(`user.${userId}.orders`, order);
  // The balance channel is real money; the practice book is re-read on its order's push.
  if (order.book === 'real') pushBalance(bus, userId, order.currency, balances);
}

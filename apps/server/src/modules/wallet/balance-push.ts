import { formatAmount, type BalancePush, type CurrencyKey } from '@ampere/contract';
import type { PostedJournal } from '../ledger/ledger.service.js';
import type { Bus } from '../realtime/bus.js';

/**
 * Tells the user's sockets that their `currency` balances changed (the `balance` channel), with
 * the new values a journal left when they are known. Every money flow that moves a user's
 * balance (trading today; funding and Earn next) pushes through here, after its commit.
 */
export function pushBalance(
  bus: Bus,
  userId: bigint,
  currency: CurrencyKey,
  balances?: PostedJournal['balances'],
): void {
  const of = (purpose: string) =>
    balances?.findLast((b) => b.currency === currency && b.purpose === purpose)?.balanceMinor;
  const available = of('available');
  const inOrder = of('in_order');
  const push: BalancePush = {
    currency,
    ...(available === undefined ? {} : { available: formatAmount(available, currency) }),
    ...(inOrder === undefined ? {} : { inOrder: formatAmount(inOrder, currency) }),
  };
  bus.publish(`user.${userId}.balance`, push);
}

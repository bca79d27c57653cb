import type { CurrencyKey, FundingPush } from '@ampere/contract';
import type { PostedJournal } from '../ledger/ledger.service.js';
import type { Bus } from '../realtime/bus.js';
import { pushBalance } from '../wallet/balance-push.js';

/**
 * After a funding change commits: its new state on the user's `funding` channel, and the
 * balances it moved on `balance`. Never before the commit, so a client that refetches on a
 * push sees what the push announced.
 */
export function pushFunding(
  bus: Bus,
  userId: bigint,
  push: FundingPush,
  moved?: { currency: CurrencyKey; balances?: PostedJournal['balances'] }[],
): void {
  bus.publish(`user.${userId}.funding`, push);
  for (const m of moved ?? []) pushBalance(bus, userId, m.currency, m.balances);
}

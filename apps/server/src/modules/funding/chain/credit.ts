import { pushBalance } from '../../wallet/balance-push.js';
import { createChainRepository } from './chain.repository.js';
import type { WatcherDeps } from './watcher.js';

/**
 * Credits one confirmed transfer: one `chain_deposit` journal from `chain_clearing` to the
 * user's USDT `available`, in the same transaction that marks the transfer credited. The row is
 * locked and must still be `confirming`, so two watchers (or a retry) credit it once.
 */
export async function creditDeposit(
  deps: Pick<WatcherDeps, 'db' | 'ledger' | 'bus' | 'now'>,
  id: bigint,
): Promise<boolean> {
  const posted = await deps.db.transaction(async (tx) => {
    const repo = createChainRepository(tx);
    const deposit = await repo.claimConfirming(id);
    if (!deposit) return undefined;
    const journal = await deps.ledger.post(tx, {
      kind: 'chain_deposit',
      actor: 'system:chain-watcher',
      userId: deposit.userId,
      reference: `chain:${deposit.network}:${deposit.txHash}:${deposit.logIndex}`,
      postings: [
        {
          account: { userId: deposit.userId, currency: 'usdt', purpose: 'available' },
          amountMinor: deposit.amountMinor,
        },
        {
          account: { system: 'chain_clearing', currency: 'usdt' },
          amountMinor: -deposit.amountMinor,
        },
      ],
    });
    await repo.markCredited(id, journal.journalId, deps.now());
    return { userId: deposit.userId, balances: journal.balances };
  });
  if (!posted) return false;
  pushBalance(deps.bus, posted.userId, 'usdt', posted.balances);
  return true;
}

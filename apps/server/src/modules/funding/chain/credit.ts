import { formatAmount } from '@ampere/contract';
import { createChainRepository } from './chain.repository.js';
import { pushDeposit } from './pushes.js';
import type { WatcherDeps } from './watcher.js';

/**
 * Credits one confirmed transfer: one `chain_deposit` journal from `chain_clearing` to the
 * user's USDT `available`, in the same transaction that marks the transfer credited. The row is
 * locked and must still be `confirming`, so two watchers (or a retry) credit it once; its
 * "deposit credited" notification and its member-level progress are written in the same
 * transaction. After the commit:
 * `credited` on the owner's `funding` channel, the new USDT balance on `balance`, the inbox's
 * count on `inbox`.
 */
export async function creditDeposit(
  deps: Pick<WatcherDeps, 'db' | 'ledger' | 'notifications' | 'levels' | 'bus' | 'now' | 'config'>,
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
    const at = deps.now();
    await repo.markCredited(id, journal.journalId, at);
    await deps.levels.record(tx, [
      {
        kind: 'deposit',
        userId: deposit.userId,
        currency: 'usdt',
        amountMinor: deposit.amountMinor,
      },
    ]);
    const notes = await deps.notifications.record(tx, [
      {
        kind: 'deposit_credited',
        userId: deposit.userId,
        subjectId: id,
        params: { currency: 'usdt', amount: formatAmount(deposit.amountMinor, 'usdt') },
      },
    ]);
    return { userId: deposit.userId, balances: journal.balances, at, notes };
  });
  if (!posted) return false;
  const required = deps.config.confirmations;
  pushDeposit(
    deps.bus,
    posted.userId,
    { id, status: 'credited', count: required, required, at: posted.at },
    posted.balances,
  );
  await deps.notifications.announce(posted.notes);
  return true;
}

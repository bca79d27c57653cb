import type { Bus } from '../../realtime/bus.js';
import type { PostedJournal } from '../../ledger/ledger.service.js';
import { pushFunding } from '../pushes.js';
import { createChainRepository } from './chain.repository.js';
import type { WatcherDeps } from './watcher.js';

/** At most this many "confirming n/N" pushes per pass (the oldest first; the rest next block). */
const PROGRESS_BATCH = 500;

type DepositStatus = 'confirming' | 'credited' | 'dropped';

/**
 * A chain deposit's new state on its owner's `funding` channel (docs/funding.md, "Trackers"),
 * after the commit that changed it, with the balance it moved when it was credited: the
 * recharge records and the deposit's detail page read it again at once.
 */
export function pushDeposit(
  bus: Bus,
  userId: bigint,
  deposit: { id: bigint; status: DepositStatus; count: number; required: number; at: Date },
  balances?: PostedJournal['balances'],
): void {
  pushFunding(
    bus,
    userId,
    {
      kind: 'recharge',
      method: 'usdt',
      id: deposit.id.toString(),
      status: deposit.status,
      at: deposit.at.toISOString(),
      confirmations: { count: deposit.count, required: deposit.required },
    },
    balances ? [{ currency: 'usdt', balances }] : [],
  );
}

/**
 * After a pass moved the verified tip to `tip`: "confirming n/N" for every transfer still
 * confirming, as the list computes it (tip − block + 1, at most N).
 */
export async function pushProgress(
  deps: Pick<WatcherDeps, 'db' | 'bus' | 'config' | 'now'>,
  tip: bigint,
): Promise<number> {
  const required = deps.config.confirmations;
  const rows = await createChainRepository(deps.db).confirmingAbove(
    deps.config.network,
    tip - BigInt(required),
    PROGRESS_BATCH,
  );
  const at = deps.now();
  for (const row of rows) {
    const seen = tip - row.blockNumber + 1n;
    const count = Math.min(required, Math.max(0, Number(seen)));
    pushDeposit(deps.bus, row.userId, { id: row.id, status: 'confirming', count, required, at });
  }
  return rows.length;
}

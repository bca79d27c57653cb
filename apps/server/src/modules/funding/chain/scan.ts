import { formatAmount } from '@ampere/contract';
import type { Hex } from 'viem';
import { createChainRepository, type Cursor, type NewDeposit } from './chain.repository.js';
import { storedAddress } from './addresses.js';
import type { WatcherDeps } from './watcher.js';

/** Block hashes kept below the cursor: how deep a reorg can be and still be followed exactly. */
export const KEEP_BLOCKS = 256n;

/**
 * Scans blocks (cursor, to]: reads the token's Transfer logs, keeps those to deposit addresses,
 * and commits them with the new cursor in one transaction. Returns undefined, committing
 * nothing, when the chain changed under the range (the next pass checks for a reorg).
 */
export async function scanRange(
  deps: WatcherDeps,
  cursor: Cursor,
  to: bigint,
): Promise<{ cursor: Cursor; transfers: number; recorded: number } | undefined> {
  const { adapter, config, db } = deps;
  const network = config.network;
  const toHash = await adapter.blockHash(to);
  if (toHash === undefined) return undefined;
  const logs = await adapter.transferLogs(config.tokenAddress, cursor.lastBlock + 1n, to);
  // The range is one chain only if both of its ends are unchanged after the logs were read: the
  // cursor's block (the range's parent) and its last block, whose hash commits to all between.
  const [baseAfter, toAfter] = await Promise.all([
    cursor.lastBlock < 0n ? Promise.resolve('') : adapter.blockHash(cursor.lastBlock),
    adapter.blockHash(to),
  ]);
  if (baseAfter !== cursor.lastHash || toAfter !== toHash) return undefined;
  if (logs.some((l) => l.blockNumber === to && l.blockHash !== toHash)) return undefined;

  return db.transaction(async (tx) => {
    const repo = createChainRepository(tx);
    // Another scanner (a leader that lost its lead mid-range) moved the cursor: leave it.
    const current = await repo.cursor(network, true);
    if (current?.lastBlock !== cursor.lastBlock || current.lastHash !== cursor.lastHash)
      return undefined;
    const owners = await repo.ownersOf(network, [...new Set(logs.map((l) => storedAddress(l.to)))]);
    const detectedAt = deps.now();
    const deposits: NewDeposit[] = [];
    const blocks = new Map<bigint, Hex>([[to, toHash]]);
    for (const log of logs) {
      const userId = owners.get(storedAddress(log.to));
      // Unknown addresses are not ours; a zero transfer moves nothing.
      if (userId === undefined || log.value === 0n) continue;
      deposits.push({
        network,
        txHash: log.txHash.toLowerCase(),
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        address: storedAddress(log.to),
        userId,
        amountMinor: log.value,
        detectedAt,
        belowMinimum: log.value < config.minMinor,
      });
      blocks.set(log.blockNumber, log.blockHash);
    }
    for (const d of deposits.filter((d) => d.belowMinimum))
      deps.log.warn(
        { network, txHash: d.txHash, amount: formatAmount(d.amountMinor, 'usdt') },
        'chain deposit below the minimum: recorded, not credited',
      );
    await repo.recordDeposits(deposits);
    await repo.storeBlocks(
      network,
      [...blocks].map(([number, hash]) => ({ number, hash })),
    );
    await repo.pruneBlocks(network, to - KEEP_BLOCKS);
    const next = { lastBlock: to, lastHash: toHash };
    await repo.setCursor(network, next);
    deps.beforeCommit?.();
    return { cursor: next, transfers: logs.length, recorded: deposits.length };
  });
}

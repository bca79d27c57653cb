import type { Db } from '../../../db/client.js';
import type { ChainAdapter } from './adapter.js';
import { createChainRepository, type Cursor } from './chain.repository.js';

const WALK_BATCH = 64;

/**
 * The fork point below `mismatched` (a block whose stored hash the node no longer reports): the
 * highest stored block the node still agrees with. Stored blocks are sparse (each range's end
 * and every block with a deposit), so this may land below the true fork — rescanning a few more
 * blocks is harmless, since recording a transfer twice is a no-op.
 */
export async function findFork(
  db: Db,
  adapter: ChainAdapter,
  network: string,
  mismatched: bigint,
): Promise<{ cursor: Cursor; beyondWindow: boolean }> {
  const repo = createChainRepository(db);
  let below = mismatched - 1n;
  let oldest: bigint | undefined;
  for (;;) {
    const stored = await repo.storedBlocks(network, below, WALK_BATCH);
    for (const block of stored) {
      if ((await adapter.blockHash(block.number)) === block.hash)
        return { cursor: { lastBlock: block.number, lastHash: block.hash }, beyondWindow: false };
      oldest = block.number;
    }
    if (stored.length < WALK_BATCH) break;
    below = (stored.at(-1)?.number ?? 0n) - 1n;
  }
  // Nothing stored matches: rescan from below the oldest hash we kept.
  const lastBlock = (oldest ?? mismatched) - 1n;
  const lastHash = lastBlock < 0n ? '' : ((await adapter.blockHash(lastBlock)) ?? '');
  return { cursor: { lastBlock, lastHash }, beyondWindow: true };
}

/**
 * Moves the cursor back to `fork` in one transaction: transfers in later blocks that were not
 * credited yet become `dropped` (a re-inclusion brings them back to `confirming`), the later
 * block hashes are forgotten. Credited transfers are never undone here; they are returned for an
 * alert (a reorg deeper than the required confirmations needs a person).
 */
export function rewind(
  db: Db,
  network: string,
  fork: Cursor,
): Promise<{ dropped: { id: bigint; userId: bigint }[]; creditedGone: bigint[] }> {
  return db.transaction(async (tx) => {
    const repo = createChainRepository(tx);
    const current = await repo.cursor(network, true);
    if (current && current.lastBlock > fork.lastBlock) await repo.setCursor(network, fork);
    const dropped = await repo.dropAbove(network, fork.lastBlock);
    const creditedGone = await repo.creditedAbove(network, fork.lastBlock);
    await repo.forgetBlocksAbove(network, fork.lastBlock);
    return { dropped, creditedGone: creditedGone.map((d) => d.id) };
  });
}

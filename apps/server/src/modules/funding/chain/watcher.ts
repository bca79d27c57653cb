import type { Db } from '../../../db/client.js';
import type { JobLog } from '../../../jobs/runner.js';
import type { Bus } from '../../realtime/bus.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import type { LevelsRecorder } from '../../levels/levels.service.js';
import type { NotificationsService } from '../../notifications/notifications.service.js';
import type { ChainAdapter } from './adapter.js';
import type { ChainConfig } from './chain.config.js';
import { createChainRepository, type Cursor } from './chain.repository.js';
import { creditDeposit } from './credit.js';
import { pushDeposit, pushProgress } from './pushes.js';
import { findFork, rewind } from './reorg.js';
import { scanRange } from './scan.js';

export { KEEP_BLOCKS } from './scan.js';

/** Deposits credited per pass (the rest in the next pass). */
const CREDIT_BATCH = 200;

export interface WatcherDeps {
  db: Db;
  ledger: LedgerService;
  notifications: NotificationsService;
  /** A credited deposit counts toward member levels, in its transaction. */
  levels: LevelsRecorder;
  bus: Bus;
  adapter: ChainAdapter;
  config: Pick<
    ChainConfig,
    'network' | 'tokenAddress' | 'confirmations' | 'minMinor' | 'startBlock' | 'scanBlocks'
  >;
  now: () => Date;
  log: JobLog;
  /** Tests only: runs inside a range's transaction before it commits (a crash there). */
  beforeCommit?: () => void;
}

export interface PassReport {
  head: bigint;
  cursor: bigint;
  ranges: number;
  blocks: number;
  transfers: number;
  recorded: number;
  rewound: number;
  credited: number;
  /** "Confirming n/N" pushes sent after the tip moved. */
  pushed: number;
}

/**
 * The chain watcher (docs/chain.md): follows the token's Transfer logs to deposit addresses.
 * Every pass (1) checks the stored cursor block's hash against the node and rewinds past a
 * reorg, (2) scans forward in bounded ranges, each range's transfers and the cursor committed
 * together, (3) credits transfers with enough confirmations, each in its own transaction.
 * Everything it knows is in the database, so a watcher killed anywhere resumes where the last
 * commit left it: nothing is credited twice (status + unique journal) and nothing is skipped
 * (the cursor moves only with the transfers of its range). Each change a user can see — n/N
 * moved, credited, dropped by a reorg — is pushed on their `funding` channel after its commit.
 */
export function createChainWatcher(deps: WatcherDeps) {
  const { db, adapter, config } = deps;
  const network = config.network;

  async function initialCursor(head: bigint): Promise<Cursor> {
    const stored = await createChainRepository(db).cursor(network);
    if (stored) return stored;
    const start = config.startBlock ?? head;
    const lastBlock = start - 1n;
    const lastHash = lastBlock < 0n ? '' : ((await adapter.blockHash(lastBlock)) ?? '');
    await createChainRepository(db).setCursor(network, { lastBlock, lastHash });
    return { lastBlock, lastHash };
  }

  /** Rewinds when the cursor's block is no longer the node's; returns the cursor to scan from. */
  async function checkReorg(cursor: Cursor, report: PassReport): Promise<Cursor> {
    if (cursor.lastBlock < 0n) return cursor;
    const nodeHash = await adapter.blockHash(cursor.lastBlock);
    if (nodeHash === cursor.lastHash) return cursor;
    const fork = await findFork(db, adapter, network, cursor.lastBlock);
    if (fork.beyondWindow)
      deps.log.error(
        { alert: true, network, from: cursor.lastBlock, to: fork.cursor.lastBlock },
        'chain reorg deeper than the stored block hashes; rescanning from the oldest',
      );
    const result = await rewind(db, network, fork.cursor);
    if (result.creditedGone.length > 0)
      deps.log.error(
        { alert: true, network, deposits: result.creditedGone.map(String) },
        'a reorg replaced blocks with credited deposits (deeper than the confirmations)',
      );
    deps.log.warn(
      {
        network,
        from: cursor.lastBlock,
        to: fork.cursor.lastBlock,
        dropped: result.dropped.length,
      },
      'chain reorg: rewound',
    );
    const at = deps.now();
    for (const d of result.dropped)
      pushDeposit(deps.bus, d.userId, {
        id: d.id,
        status: 'dropped',
        count: 0,
        required: config.confirmations,
        at,
      });
    report.rewound += Number(cursor.lastBlock - fork.cursor.lastBlock);
    return fork.cursor;
  }

  /** Credits every confirming transfer with `confirmations` blocks on the verified chain. */
  async function creditDue(cursor: Cursor, report: PassReport): Promise<Cursor> {
    const maxBlock = cursor.lastBlock - BigInt(config.confirmations) + 1n;
    const due = await createChainRepository(db).dueForCredit(network, maxBlock, CREDIT_BATCH);
    for (const deposit of due) {
      // The cursor's hash was checked this pass, and it commits to every block below it; this
      // re-reads the deposit's own block too, so a credit never rests on one reading alone.
      if ((await adapter.blockHash(deposit.blockNumber)) !== deposit.blockHash) {
        return checkReorg({ lastBlock: deposit.blockNumber, lastHash: deposit.blockHash }, report);
      }
      if (await creditDeposit(deps, deposit.id)) report.credited++;
    }
    return cursor;
  }

  return {
    /**
     * One pass: rewind if needed, scan up to `maxRanges` ranges towards the head, credit what is
     * due. `stopping` ends the scan between ranges (each range is committed whole or not at all).
     */
    async pass(
      opts: { maxRanges?: number; stopping?: () => boolean; credit?: boolean } = {},
    ): Promise<PassReport> {
      const head = await adapter.latestBlock();
      const report: PassReport = {
        head,
        cursor: -1n,
        ranges: 0,
        blocks: 0,
        transfers: 0,
        recorded: 0,
        rewound: 0,
        credited: 0,
        pushed: 0,
      };
      const started = await initialCursor(head);
      let cursor = await checkReorg(started, report);
      const maxRanges = opts.maxRanges ?? 20;
      while (cursor.lastBlock < head && report.ranges < maxRanges && !opts.stopping?.()) {
        const to = min(head, cursor.lastBlock + BigInt(config.scanBlocks));
        const scanned = await scanRange(deps, cursor, to);
        if (!scanned) break; // the chain moved under the range: the next pass checks and retries
        report.ranges++;
        report.blocks += Number(to - cursor.lastBlock);
        report.transfers += scanned.transfers;
        report.recorded += scanned.recorded;
        cursor = scanned.cursor;
      }
      // `credit: false` only scans (the benchmark measures scanning alone).
      if (opts.credit !== false) {
        cursor = await creditDue(cursor, report);
        // The tip moved: every transfer still confirming is one block (or more) further.
        if (cursor.lastBlock !== started.lastBlock)
          report.pushed = await pushProgress(deps, cursor.lastBlock);
      }
      report.cursor = cursor.lastBlock;
      return report;
    },
  };
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>;

const min = (a: bigint, b: bigint) => (a < b ? a : b);

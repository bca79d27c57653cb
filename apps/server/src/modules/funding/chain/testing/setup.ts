import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { queryRows, type Db } from '../../../../db/client.js';
import type { JobLog } from '../../../../jobs/runner.js';
import { createLedgerService } from '../../../ledger/ledger.service.js';
import { createLevelsRecorder } from '../../../levels/levels.service.js';
import { createNotificationsService } from '../../../notifications/notifications.service.js';
import { createInProcessBus, type Bus } from '../../../realtime/bus.js';
import type { TestApp } from '../../../../test/harness.js';
import type { ChainAdapter } from '../adapter.js';
import { ERC20_NETWORK, type ChainConfig } from '../chain.config.js';
import { createChainRepository } from '../chain.repository.js';
import { createChainService } from '../chain.service.js';
import type { creditDeposit } from '../credit.js';
import type { ChainSigner } from '../signer.js';

/** A fresh BIP44 account (m/44'/60'/0'): its xpub for the server, its private side for checks. */
export function testAccountKey() {
  const account = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'");
  return { xpub: account.publicExtendedKey, account };
}

export function testChainConfig(
  over: Partial<ChainConfig> & { rpcUrl: string; tokenAddress: Address; xpub: string },
): ChainConfig {
  return {
    network: ERC20_NETWORK,
    name: 'USDT-ERC20',
    confirmations: 3,
    minMinor: 1_000_000n,
    maxMinor: 1_000_000_000_000n,
    startBlock: 0n,
    scanBlocks: 500,
    pollMs: 1000,
    payoutKey: undefined,
    devNode: false,
    ...over,
  };
}

/** Log lines, kept for assertions. */
export function memoryLog(): JobLog & { lines: { level: string; obj: object; msg: string }[] } {
  const lines: { level: string; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
}

export function chainServiceFor(
  db: Db,
  config: ChainConfig | undefined,
  extra: { adapter?: ChainAdapter; signer?: ChainSigner; bus?: Bus } = {},
) {
  const bus = extra.bus ?? createInProcessBus();
  return createChainService({
    db,
    ledger: createLedgerService(),
    notifications: createNotificationsService({ db, bus }),
    levels: createLevelsRecorder({ db }),
    bus,
    config,
    ...(extra.adapter ? { adapter: extra.adapter } : {}),
    ...(extra.signer ? { signer: extra.signer } : {}),
  });
}

export async function usdtAvailable(db: Db, userId: bigint): Promise<bigint> {
  const accounts = await createLedgerService().userAccounts(db, userId);
  return (
    accounts.find((a) => a.currency === 'usdt' && a.purpose === 'available')?.balanceMinor ?? 0n
  );
}

/** chain_deposit journals per user reference, to check exactly-once. */
export async function chainJournals(db: Db) {
  return queryRows<{ reference: string; user_id: string }>(
    db,
    sql`select reference, user_id from ledger_journal where kind = 'chain_deposit' order by id`,
  );
}

/** An adapter that fails on its `failAt`-th call (1-based): a watcher killed mid-scan. */
export function faultyAdapter(inner: ChainAdapter, failAt: number): ChainAdapter {
  let calls = 0;
  const tick = () => {
    calls++;
    if (calls === failAt) throw new Error(`killed at call ${calls}`);
  };
  return {
    chainId: () => inner.chainId(),
    latestBlock: () => (tick(), inner.latestBlock()),
    blockHash: (n) => (tick(), inner.blockHash(n)),
    transferLogs: (t, a, b) => (tick(), inner.transferLogs(t, a, b)),
  };
}

/**
 * A transfer of `amountMinor` to `userId`'s address, recorded as the watcher records one it has
 * just seen (confirming, not yet credited), and what `creditDeposit` needs to credit it through
 * the test app's own services. `mark` (two hex digits) makes its transaction hash distinct.
 */
export async function detectedDeposit(
  t: TestApp,
  opts: { userId: bigint; amountMinor: bigint; mark: string; now: () => Date },
): Promise<{ id: bigint; deps: Parameters<typeof creditDeposit>[0] }> {
  const db = t.database.db;
  await createChainRepository(db).recordDeposits([
    {
      network: 'erc20',
      txHash: `0x${opts.mark.repeat(32)}`,
      logIndex: 0,
      blockNumber: 100n,
      blockHash: `0x${'cd'.repeat(32)}`,
      address: '0x52908400098527886e0f7030069857d2e4169ee7',
      userId: opts.userId,
      amountMinor: opts.amountMinor,
      detectedAt: opts.now(),
      belowMinimum: false,
    },
  ]);
  const [deposit] = await queryRows<{ id: string }>(
    db,
    sql`select id::text from chain_deposit where tx_hash = ${`0x${opts.mark.repeat(32)}`}`,
  );
  if (!deposit) throw new Error('detectedDeposit: the deposit was not recorded');
  const deps = {
    db,
    ledger: t.app.services.ledger,
    notifications: t.app.services.notifications,
    levels: t.app.services.levels,
    bus: t.app.platform.bus,
    now: opts.now,
    config: testChainConfig({
      rpcUrl: 'http://127.0.0.1:1',
      tokenAddress: '0x0000000000000000000000000000000000000001',
      xpub: 'unused',
    }),
  };
  return { id: BigInt(deposit.id), deps };
}

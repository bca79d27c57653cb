import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { queryRows, type Db } from '../../../../db/client.js';
import type { JobLog } from '../../../../jobs/runner.js';
import { createLedgerService } from '../../../ledger/ledger.service.js';
import { createInProcessBus, type Bus } from '../../../realtime/bus.js';
import type { ChainAdapter } from '../adapter.js';
import { ERC20_NETWORK, type ChainConfig } from '../chain.config.js';
import { createChainService } from '../chain.service.js';
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
  return createChainService({
    db,
    ledger: createLedgerService(),
    bus: extra.bus ?? createInProcessBus(),
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

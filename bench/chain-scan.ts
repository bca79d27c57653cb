import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { HDKey } from '@scure/bip32';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { encodeFunctionData, type Address } from 'viem';
import { prepareDatabase } from '../apps/server/src/bootstrap.js';
import { openPostgres, queryRows, type Db } from '../apps/server/src/db/client.js';
import { insertTestUser } from '../apps/server/src/test/fixtures.js';
import { ERC20_NETWORK } from '../apps/server/src/modules/funding/chain/chain.config.js';
import { createChainService } from '../apps/server/src/modules/funding/chain/chain.service.js';
import {
  deployTestToken,
  startLocalNode,
  TEST_KEYS,
  TEST_TOKEN_ABI,
  testWallet,
  type LocalNode,
} from '../apps/server/src/modules/funding/chain/testing/local-node.js';
import { createLedgerService } from '../apps/server/src/modules/ledger/ledger.service.js';
import { createLevelsRecorder } from '../apps/server/src/modules/levels/levels.service.js';
import { createNotificationsService } from '../apps/server/src/modules/notifications/notifications.service.js';
import { createInProcessBus } from '../apps/server/src/modules/realtime/bus.js';

/**
 * bench/chain-scan (issue #14): a local EVM (Hardhat's network) with BLOCKS blocks, each holding
 * PER_BLOCK Transfer logs of the test USDT to deposit addresses. Subject: the chain watcher's scan
 * (`watcher.pass`, credits off) from an empty cursor to the head — getLogs per range, the range's
 * ends re-read, the owners looked up, transfers, block hashes and the cursor written in one
 * transaction per range, on PostgreSQL. Anchor: raw `eth_getLogs` JSON-RPC calls over the same
 * ranges (same size) against the same node, the responses parsed and nothing else. Then, once,
 * the credit pass (one journal per transfer), reported on its own.
 */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BLOCKS = Number(process.env.BENCH_CHAIN_BLOCKS ?? 2_000);
const PER_BLOCK = Number(process.env.BENCH_CHAIN_TRANSFERS ?? 10);
const USERS = Number(process.env.BENCH_CHAIN_USERS ?? 200);
const RANGE = Number(process.env.BENCH_CHAIN_RANGE ?? 500);
const ROUNDS = Number(process.env.BENCH_CHAIN_ROUNDS ?? 3);

/** The watcher's log: the benchmark keeps the warnings and errors (there should be none). */
const problems: string[] = [];
const silent = {
  info: () => undefined,
  warn: (_: object, msg: string) => void problems.push(msg),
  error: (_: object, msg: string) => void problems.push(msg),
};

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** BLOCKS blocks, each with one `transferMany` of PER_BLOCK transfers to deposit addresses. */
async function fillChain(node: LocalNode, token: Address, addresses: Address[]) {
  const wallet = testWallet(node, TEST_KEYS[0]);
  await node.setAutomine(false);
  let nonce = await node.client.getTransactionCount({
    address: wallet.account.address,
    blockTag: 'pending',
  });
  for (let b = 0; b < BLOCKS; b++) {
    const to = Array.from(
      { length: PER_BLOCK },
      (_, i) => addresses[(b * PER_BLOCK + i) % addresses.length]!,
    );
    const data = encodeFunctionData({
      abi: TEST_TOKEN_ABI,
      functionName: 'transferMany',
      args: [to, to.map((_, i) => BigInt(1_000_000 + b * PER_BLOCK + i))],
    });
    await wallet.sendTransaction({
      to: token,
      data,
      nonce: nonce++,
      gas: 60_000n + 30_000n * BigInt(PER_BLOCK),
    });
    await node.mine(1);
  }
  await node.setAutomine(true);
}

async function rawGetLogs(url: string, token: Address, from: bigint, to: bigint) {
  let logs = 0;
  for (let start = from; start <= to; start += BigInt(RANGE)) {
    const end = start + BigInt(RANGE) - 1n < to ? start + BigInt(RANGE) - 1n : to;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getLogs',
        params: [
          {
            address: token,
            fromBlock: `0x${start.toString(16)}`,
            toBlock: `0x${end.toString(16)}`,
            topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
          },
        ],
      }),
    });
    const body = (await res.json()) as { result: unknown[] };
    logs += body.result.length;
  }
  return logs;
}

async function resetScan(db: Db) {
  await db.execute(sql`truncate chain_deposit, chain_block, chain_scan_cursor`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export interface ChainScanResult {
  blocks: number;
  transfers: number;
  range: number;
  subjectMs: number[];
  anchorMs: number[];
  subjectMedianMs: number;
  anchorMedianMs: number;
  subjectBlocksPerS: number;
  subjectTransfersPerS: number;
  anchorBlocksPerS: number;
  anchorTransfersPerS: number;
  ratio: number;
  creditMs: number;
  creditsPerS: number;
}

export async function benchChainScan(): Promise<ChainScanResult> {
  const name = `ampere_bench_chain_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 10);
  const node = await startLocalNode();
  try {
    await prepareDatabase(database);
    const db = database.db;
    const token = await deployTestToken(node, TEST_KEYS[0], 10n ** 15n);
    const first = (await node.client.getBlockNumber()) + 1n;
    const chain = createChainService({
      db,
      ledger: createLedgerService(),
      notifications: createNotificationsService({ db }),
      levels: createLevelsRecorder({ db }),
      bus: createInProcessBus(),
      config: {
        network: ERC20_NETWORK,
        name: 'USDT-ERC20',
        rpcUrl: node.url,
        tokenAddress: token,
        xpub: HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey,
        confirmations: 3,
        minMinor: 1n,
        maxMinor: 10n ** 15n,
        startBlock: first,
        scanBlocks: RANGE,
        pollMs: 1000,
        payoutKey: undefined,
        devNode: true,
      },
    });
    const addresses: Address[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await insertTestUser(db, `bench${i}`);
      addresses.push((await chain.depositAddress(user.id, ERC20_NETWORK)) as Address);
    }
    await fillChain(node, token, addresses);
    const head = await node.client.getBlockNumber();
    const blocks = Number(head - first + 1n);

    const subjectMs: number[] = [];
    const anchorMs: number[] = [];
    let transfers = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await resetScan(db);
      const watcher = chain.watcher(silent);
      if (!watcher) throw new Error('no watcher');
      let t0 = performance.now();
      let recorded = 0;
      for (;;) {
        const r = await watcher.pass({ credit: false, maxRanges: 1_000 });
        recorded += r.recorded;
        if (r.cursor >= head) break;
      }
      subjectMs.push(performance.now() - t0);
      transfers = recorded;
      t0 = performance.now();
      const logs = await rawGetLogs(node.url, token, first, head);
      anchorMs.push(performance.now() - t0);
      if (logs !== recorded) throw new Error(`watcher recorded ${recorded}, getLogs saw ${logs}`);
    }
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from chain_deposit`,
    );
    if (count?.n !== BLOCKS * PER_BLOCK) throw new Error(`recorded ${count?.n} transfers`);

    // The credits, once: every transfer is past 3 confirmations.
    await node.mine(3);
    const watcher = chain.watcher(silent);
    const t0 = performance.now();
    let credited = 0;
    while (credited < transfers) {
      const r = await watcher?.pass();
      if (!r || r.credited === 0) break;
      credited += r.credited;
    }
    const creditMs = performance.now() - t0;
    if (credited !== transfers) throw new Error(`credited ${credited} of ${transfers}`);
    if (problems.length > 0) throw new Error(`the watcher complained: ${problems.join('; ')}`);

    const s = median(subjectMs);
    const a = median(anchorMs);
    return {
      blocks,
      transfers,
      range: RANGE,
      subjectMs,
      anchorMs,
      subjectMedianMs: s,
      anchorMedianMs: a,
      subjectBlocksPerS: (blocks / s) * 1000,
      subjectTransfersPerS: (transfers / s) * 1000,
      anchorBlocksPerS: (blocks / a) * 1000,
      anchorTransfersPerS: (transfers / a) * 1000,
      ratio: a / s,
      creditMs,
      creditsPerS: (credited / creditMs) * 1000,
    };
  } finally {
    await node.close();
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

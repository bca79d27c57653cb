import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hex } from 'viem';
import { insertTestUser } from '../../../test/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { createInProcessBus } from '../../realtime/bus.js';
import { createViemAdapter } from './adapter.js';
import type { ChainConfig } from './chain.config.js';
import {
  deployTestToken,
  startLocalNode,
  TEST_KEYS,
  testWallet,
  transferToken,
  type LocalNode,
} from './testing/local-node.js';
import {
  chainJournals,
  chainServiceFor,
  memoryLog,
  testAccountKey,
  testChainConfig,
  usdtAvailable,
} from './testing/setup.js';

/**
 * The chain watcher against a real local EVM (Hardhat's network) and a test ERC-20 deployed
 * here: confirmations, exactly-once credit, unknown addresses, the minimum, and reorgs (the
 * node's snapshot/revert replaces blocks, then a different chain is mined past the old head).
 */
const USDT = 1_000_000n;

let node: LocalNode;
let t: TestDatabase;
let token: Address;
let config: ChainConfig;

beforeAll(async () => {
  [node, t] = await Promise.all([startLocalNode(), createTestDatabase()]);
  token = await deployTestToken(node);
  config = testChainConfig({
    rpcUrl: node.url,
    tokenAddress: token,
    xpub: testAccountKey().xpub,
    startBlock: await node.client.getBlockNumber(),
  });
}, 60_000);
afterAll(async () => {
  await node.close();
  await t.drop();
});

const sender = TEST_KEYS[0];

async function newDepositor(chain: ReturnType<typeof chainServiceFor>) {
  const user = await insertTestUser(t.database.db);
  const address = (await chain.depositAddress(user.id, 'erc20')) as Address;
  return { id: user.id, address };
}

describe('chain watcher on a local EVM', () => {
  it('shows confirming n/N, credits after N confirmations once, and pushes each step', async () => {
    const db = t.database.db;
    const bus = createInProcessBus();
    const chain = chainServiceFor(db, config, { bus });
    const watcher = chain.watcher(memoryLog());
    if (!watcher) throw new Error('configured chain has no watcher');
    const alice = await newDepositor(chain);
    const pushes: unknown[] = [];
    bus.subscribe(`user.${alice.id}.balance`, (p) => pushes.push(p));
    const progress: unknown[] = [];
    bus.subscribe(`user.${alice.id}.funding`, (p) => progress.push(p));

    const tx = await transferToken(node, token, sender, alice.address, 25n * USDT);
    // A transfer to an address nobody owns, in the same chain: not ours, never recorded.
    await transferToken(node, token, sender, '0x000000000000000000000000000000000000dEaD', USDT);
    await watcher.pass();
    // The deposit's block and the one after it (the unknown transfer's): 2 of 3.
    let [deposit] = await chain.deposits(alice.id, { limit: 10 });
    expect(deposit).toMatchObject({
      txHash: tx,
      status: 'confirming',
      confirmations: 2,
      required: 3,
      amountMinor: 25n * USDT,
      address: alice.address,
      creditedAt: null,
    });
    expect(await usdtAvailable(db, alice.id)).toBe(0n);
    // On the user's funding channel as soon as it is recorded: 2 of 3, as the list says.
    const id = deposit?.id.toString();
    expect(progress).toMatchObject([
      {
        kind: 'recharge',
        method: 'usdt',
        id,
        status: 'confirming',
        confirmations: { count: 2, required: 3 },
      },
    ]);
    // A pass that finds no new block pushes nothing.
    await watcher.pass();
    expect(progress).toHaveLength(1);

    await node.mine(1);
    await watcher.pass();
    [deposit] = await chain.deposits(alice.id, { limit: 10 });
    expect(deposit).toMatchObject({ status: 'credited', confirmations: 3 });
    expect(deposit?.creditedAt).toBeInstanceOf(Date);
    expect(await usdtAvailable(db, alice.id)).toBe(25n * USDT);
    expect(pushes).toEqual([{ currency: 'usdt', available: '25.000000' }]);
    expect(progress).toHaveLength(2);
    expect(progress[1]).toMatchObject({
      kind: 'recharge',
      method: 'usdt',
      id,
      status: 'credited',
      at: deposit?.creditedAt?.toISOString(),
      confirmations: { count: 3, required: 3 },
    });

    // More blocks and passes, a second watcher over the same database: still one credit.
    await node.mine(5);
    await watcher.pass();
    await chainServiceFor(db, config).watcher(memoryLog())?.pass();
    expect(await usdtAvailable(db, alice.id)).toBe(25n * USDT);
    expect(progress).toHaveLength(2); // credited once, pushed once
    const journals = (await chainJournals(db)).filter((j) => j.user_id === String(alice.id));
    expect(journals).toEqual([
      { reference: `chain:erc20:${tx}:${deposit?.logIndex}`, user_id: String(alice.id) },
    ]);
    const all = await chain.deposits(alice.id, { limit: 10 });
    expect(all).toHaveLength(1);
  });

  it('keeps a transfer below the minimum out of the list and the balance', async () => {
    const db = t.database.db;
    const chain = chainServiceFor(db, config);
    const bob = await newDepositor(chain);
    await transferToken(node, token, sender, bob.address, USDT / 2n);
    await node.mine(4);
    const log = memoryLog();
    await chain.watcher(log)?.pass();
    expect(await chain.deposits(bob.id, { limit: 10 })).toEqual([]);
    expect(await usdtAvailable(db, bob.id)).toBe(0n);
    expect(log.lines.some((l) => l.msg.includes('below the minimum'))).toBe(true);
  });

  it('does not credit a transfer whose block a reorg replaced before N confirmations', async () => {
    const db = t.database.db;
    const bus = createInProcessBus();
    const chain = chainServiceFor(db, config, { bus });
    const log = memoryLog();
    const watcher = chain.watcher(log);
    const carol = await newDepositor(chain);
    const seen: { status: string }[] = [];
    bus.subscribe(`user.${carol.id}.funding`, (p) => seen.push(p as { status: string }));
    await watcher?.pass();

    const snapshot = await node.snapshot();
    const tx = await transferToken(node, token, sender, carol.address, 7n * USDT);
    await watcher?.pass();
    expect(await chain.deposits(carol.id, { limit: 10 })).toMatchObject([
      { txHash: tx, status: 'confirming', confirmations: 1 },
    ]);

    // The block is replaced: back to before it, and a longer chain without the transfer.
    await node.revert(snapshot);
    await node.mine(6);
    await watcher?.pass();
    await node.mine(3);
    await watcher?.pass();
    expect(await chain.deposits(carol.id, { limit: 10 })).toMatchObject([
      { txHash: tx, status: 'dropped', confirmations: 0 },
    ]);
    expect(await usdtAvailable(db, carol.id)).toBe(0n);
    // Confirming 1/3, then dropped, pushed as it happened; never credited.
    expect(seen.map((p) => p.status)).toEqual(['confirming', 'dropped']);
    expect(log.lines.some((l) => l.msg === 'chain reorg: rewound')).toBe(true);
  });

  it('credits once a transfer that a reorg removed and the new chain includes again', async () => {
    const db = t.database.db;
    const chain = chainServiceFor(db, config);
    const watcher = chain.watcher(memoryLog());
    const dave = await newDepositor(chain);
    await watcher?.pass();

    // One signed transaction, broadcast on the old chain and again on the new one.
    const wallet = testWallet(node, TEST_KEYS[2]);
    await transferToken(node, token, sender, wallet.account.address, 100n * USDT);
    await watcher?.pass();
    const snapshot = await node.snapshot();
    const request = await wallet.prepareTransactionRequest({
      to: token,
      data: transferData(dave.address, 9n * USDT),
      gas: 100_000n,
    });
    const raw = await wallet.signTransaction(request);
    const tx = await node.client.sendRawTransaction({ serializedTransaction: raw });
    await node.mine(1);
    await watcher?.pass();
    expect(await chain.deposits(dave.id, { limit: 10 })).toMatchObject([
      { txHash: tx, status: 'confirming', confirmations: 2 },
    ]);

    await node.revert(snapshot);
    await node.mine(2); // the new chain: two empty blocks, then the same transaction
    await node.client.sendRawTransaction({ serializedTransaction: raw });
    await watcher?.pass();
    const [again] = await chain.deposits(dave.id, { limit: 10 });
    expect(again).toMatchObject({ txHash: tx, status: 'confirming', confirmations: 1 });

    await node.mine(3);
    await watcher?.pass();
    await node.mine(2);
    await watcher?.pass();
    expect(await chain.deposits(dave.id, { limit: 10 })).toMatchObject([
      { txHash: tx, status: 'credited' },
    ]);
    expect(await usdtAvailable(db, dave.id)).toBe(9n * USDT);
    expect((await chainJournals(db)).filter((j) => j.user_id === String(dave.id))).toHaveLength(1);
  });

  it('follows the node through its JSON-RPC adapter: head, hashes and Transfer logs', async () => {
    const adapter = createViemAdapter(node.url);
    const head = await adapter.latestBlock();
    expect(await adapter.blockHash(head)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await adapter.blockHash(head + 1000n)).toBeUndefined();
    const logs = await adapter.transferLogs(token, 0n, head);
    expect(logs.length).toBeGreaterThan(3);
    expect(logs.every((l) => l.blockNumber <= head && l.value > 0n)).toBe(true);
    expect(await adapter.chainId()).toBe(31337);
  });
});

function transferData(to: Address, amount: bigint): Hex {
  // transfer(address,uint256): selector a9059cbb, then both arguments as 32-byte words.
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}

import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { insertTestUser } from '../../../test/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { createViemAdapter } from './adapter.js';
import type { ChainConfig } from './chain.config.js';
import {
  deployTestToken,
  startLocalNode,
  TEST_KEYS,
  transferToken,
  type LocalNode,
} from './testing/local-node.js';
import {
  chainJournals,
  chainServiceFor,
  faultyAdapter,
  memoryLog,
  testAccountKey,
  testChainConfig,
  usdtAvailable,
} from './testing/setup.js';

/**
 * A watcher killed anywhere — between any two calls to the node, or inside a range's
 * transaction before it commits — and started again neither credits twice nor misses a
 * transfer; two watchers at once credit each transfer once.
 */
const USDT = 1_000_000n;
let node: LocalNode;
let t: TestDatabase;
let token: Address;
let config: ChainConfig;

beforeAll(async () => {
  [node, t] = await Promise.all([startLocalNode(), createTestDatabase()]);
  token = await deployTestToken(node);
  // Small ranges: a pass is many ranges, so a kill lands mid-scan.
  config = testChainConfig({
    rpcUrl: node.url,
    tokenAddress: token,
    xpub: testAccountKey().xpub,
    startBlock: await node.client.getBlockNumber(),
    scanBlocks: 3,
  });
}, 60_000);
afterAll(async () => {
  await node.close();
  await t.drop();
});

async function depositors(n: number) {
  const chain = chainServiceFor(t.database.db, config);
  return Promise.all(
    Array.from({ length: n }, async () => {
      const user = await insertTestUser(t.database.db);
      return { id: user.id, address: (await chain.depositAddress(user.id, 'erc20')) as Address };
    }),
  );
}

/** Transfers spread over many blocks (empty ones between); the expected credit per user. */
async function sendSpread(users: { id: bigint; address: Address }[], count: number) {
  const expected = new Map<bigint, bigint>();
  for (let i = 0; i < count; i++) {
    const user = users[i % users.length];
    if (!user) throw new Error('no user');
    const amount = BigInt(i + 2) * USDT;
    await transferToken(node, token, TEST_KEYS[0], user.address, amount);
    expected.set(user.id, (expected.get(user.id) ?? 0n) + amount);
    if (i % 3 === 0) await node.mine(2);
  }
  return expected;
}

async function recordedTransfers() {
  const [row] = await queryRows<{ n: number; distinct_n: number }>(
    t.database.db,
    sql`select count(*)::int as n, count(distinct (tx_hash, log_index))::int as distinct_n
        from chain_deposit`,
  );
  return row;
}

describe('chain watcher killed and restarted', () => {
  it('credits every transfer exactly once after kills at every step of a scan', async () => {
    const db = t.database.db;
    const users = await depositors(4);
    const expected = await sendSpread(users, 12);
    await node.mine(config.confirmations);
    const adapter = createViemAdapter(node.url);

    // A range killed inside its transaction, just before commit: nothing of it stays.
    await chainServiceFor(db, config).watcher(memoryLog())?.pass({ maxRanges: 0 });
    const before = chainServiceFor(db, config).watcher(memoryLog(), {
      beforeCommit: () => {
        throw new Error('killed before commit');
      },
    });
    const cursorBefore = await queryRows<{ last_block: string }>(
      db,
      sql`select last_block from chain_scan_cursor`,
    );
    const countBefore = await recordedTransfers();
    await expect(before?.pass()).rejects.toThrow(/before commit/);
    expect(
      await queryRows<{ last_block: string }>(db, sql`select last_block from chain_scan_cursor`),
    ).toEqual(cursorBefore);
    expect(await recordedTransfers()).toEqual(countBefore);

    // Kill the watcher at its 1st, 2nd, … 13th call to the node (a pass of two ranges and the
    // credits makes about that many), again and again: each restart goes a bit further.
    let kills = 0;
    for (let round = 0; round < 60; round++) {
      const failAt = 1 + (round % 13);
      const chain = chainServiceFor(db, config, { adapter: faultyAdapter(adapter, failAt) });
      try {
        await chain.watcher(memoryLog())?.pass({ maxRanges: 2 });
      } catch {
        kills++;
      }
    }
    expect(kills).toBeGreaterThan(20);
    // Restarted cleanly: everything scanned and credited, once.
    const watcher = chainServiceFor(db, config).watcher(memoryLog());
    for (let i = 0; i < 5; i++) await watcher?.pass();
    for (const user of users) expect(await usdtAvailable(db, user.id)).toBe(expected.get(user.id));
    const journals = await chainJournals(db);
    expect(journals).toHaveLength(12);
    expect(new Set(journals.map((j) => j.reference)).size).toBe(12);
    expect(await recordedTransfers()).toEqual({ n: 12, distinct_n: 12 });
  }, 120_000);

  it('two watchers at once credit each transfer once', async () => {
    const db = t.database.db;
    const users = await depositors(3);
    const expected = await sendSpread(users, 9);
    await node.mine(config.confirmations);
    const journalsBefore = (await chainJournals(db)).length;
    const a = chainServiceFor(db, config).watcher(memoryLog());
    const b = chainServiceFor(db, config).watcher(memoryLog());
    for (let i = 0; i < 4; i++) await Promise.all([a?.pass(), b?.pass()]);
    for (const user of users) expect(await usdtAvailable(db, user.id)).toBe(expected.get(user.id));
    expect((await chainJournals(db)).length - journalsBefore).toBe(9);
  }, 120_000);
});

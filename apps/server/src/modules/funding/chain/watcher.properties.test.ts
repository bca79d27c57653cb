import fc from 'fast-check';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
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
  memoryLog,
  testAccountKey,
  testChainConfig,
  usdtAvailable,
} from './testing/setup.js';

/**
 * Against a model: random sequences of deposits, mined blocks, watcher passes and reorgs (a
 * snapshot, then a revert to it within N−1 blocks, so nothing in the replaced blocks could have
 * been credited, and a new chain of random length, possibly shorter than the old one). In the
 * end every user's USDT balance is the sum of their transfers that the final chain holds, each
 * credited by exactly one journal.
 */
const USDT = 1_000_000n;
const N = 3;
let node: LocalNode;
let t: TestDatabase;
let token: Address;

beforeAll(async () => {
  [node, t] = await Promise.all([startLocalNode(), createTestDatabase()]);
  token = await deployTestToken(node);
}, 60_000);
afterAll(async () => {
  await node.close();
  await t.drop();
});

type Op =
  | { t: 'send'; user: number; amount: number }
  | { t: 'mine'; n: number }
  | { t: 'pass' }
  | { t: 'snap' }
  | { t: 'revert'; newBlocks: number };

const send = fc.record({
  t: fc.constant('send' as const),
  user: fc.nat(2),
  amount: fc.integer({ min: 1, max: 50 }),
});
const plain: fc.Arbitrary<Op> = fc.oneof(
  send,
  fc.record({ t: fc.constant('mine' as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ t: 'pass' as const }),
);
/**
 * Every sequence holds a reorg: some blocks, a snapshot, up to two deposits (a block each) and a
 * pass that sees them, the revert, then more blocks and deposits on the new chain.
 */
const sequence: fc.Arbitrary<Op[]> = fc
  .tuple(
    fc.array(plain, { maxLength: 5 }),
    fc.array(send, { minLength: 1, maxLength: 2 }),
    fc.integer({ min: 0, max: 4 }),
    fc.array(plain, { minLength: 1, maxLength: 6 }),
  )
  .map(([before, during, newBlocks, after]) => [
    ...before,
    { t: 'snap' as const },
    ...during,
    { t: 'pass' as const },
    { t: 'revert' as const, newBlocks },
    ...after,
  ]);

describe('chain watcher against a model', () => {
  it('credits exactly the transfers the final chain holds, once each', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, async (ops) => {
        const db = t.database.db;
        const config = testChainConfig({
          rpcUrl: node.url,
          tokenAddress: token,
          xpub: testAccountKey().xpub,
          startBlock: (await node.client.getBlockNumber()) + 1n,
          confirmations: N,
        });
        const chain = chainServiceFor(db, config);
        const watcher = chain.watcher(memoryLog());
        const users = await Promise.all(
          [0, 1, 2].map(async () => {
            const user = await insertTestUser(db);
            return {
              id: user.id,
              address: (await chain.depositAddress(user.id, 'erc20')) as Address,
            };
          }),
        );
        // The model: transfers on the chain as it is now, with the block each landed in.
        let transfers: { user: number; amount: bigint; block: bigint }[] = [];
        let snap: { id: string; head: bigint } | undefined;
        const head = () => node.client.getBlockNumber();
        for (const o of ops) {
          if (o.t === 'send') {
            const user = users[o.user];
            if (!user) throw new Error('no user');
            await transferToken(node, token, TEST_KEYS[0], user.address, BigInt(o.amount) * USDT);
            transfers.push({ user: o.user, amount: BigInt(o.amount) * USDT, block: await head() });
          } else if (o.t === 'mine') await node.mine(o.n);
          else if (o.t === 'pass') await watcher?.pass();
          else if (o.t === 'snap') snap = { id: await node.snapshot(), head: await head() };
          else if (snap && (await head()) - snap.head <= BigInt(N - 1)) {
            // Only blocks with fewer than N confirmations are replaced: none could be credited.
            await node.revert(snap.id);
            const base = snap.head;
            transfers = transfers.filter((x) => x.block <= base);
            snap = undefined;
            if (o.newBlocks > 0) await node.mine(o.newBlocks);
          }
        }
        await node.mine(N);
        await watcher?.pass();
        await watcher?.pass();
        const journals = await chainJournals(db);
        for (const [i, user] of users.entries()) {
          const expected = transfers.filter((x) => x.user === i).reduce((s, x) => s + x.amount, 0n);
          expect(await usdtAvailable(db, user.id)).toBe(expected);
          expect(journals.filter((j) => j.user_id === String(user.id))).toHaveLength(
            transfers.filter((x) => x.user === i).length,
          );
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});

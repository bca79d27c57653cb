import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { chainJobs } from './chain.jobs.js';
import { DEV_NODE } from './chain.config.js';
import {
  deployTestToken,
  startLocalNode,
  TEST_KEYS,
  transferToken,
  type LocalNode,
} from './testing/local-node.js';
import { memoryLog } from './testing/setup.js';

/**
 * The whole app pointed at a local node with one variable (CHAIN_DEV_NODE): the module's leader
 * job scans, credits after 3 confirmations, and the user's balance API shows the USDT.
 */
let node: LocalNode;
let t: TestApp;
beforeAll(async () => {
  node = await startLocalNode();
  // The dev node's token is the first contract account #0 deploys.
  expect(await deployTestToken(node)).toBe(DEV_NODE.tokenAddress);
  t = await createTestApp({ env: { CHAIN_DEV_NODE: node.url } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await node.close();
});

describe('chain module in the app', () => {
  it('offers the network, and its job credits a deposit the balance API then shows', async () => {
    const { chain } = t.app.services;
    expect(chain.networks().map((n) => n.key)).toEqual(['erc20']);
    const jobs = chainJobs(t.app.services.chain, 1000, memoryLog());
    expect(jobs.map((j) => [j.name, j.mode])).toEqual([['chain.watch', 'leader']]);
    const job = jobs[0];
    if (!job || !('run' in job)) throw new Error('chain.watch is not periodic');

    const user = await signUpThroughApi(t.app, t.database.db, 'chaindepositor');
    const address = (await chain.depositAddress(user.id, 'erc20')) as Address;
    await transferToken(node, DEV_NODE.tokenAddress, TEST_KEYS[0], address, 42_000_000n);
    const ctx = { log: memoryLog(), stopping: () => false };
    await job.run(ctx);
    expect((await chain.deposits(user.id, { limit: 5 }))[0]).toMatchObject({
      status: 'confirming',
      confirmations: 1,
      required: 3,
    });
    await node.mine(2);
    await job.run(ctx);
    expect((await chain.deposits(user.id, { limit: 5 }))[0]?.status).toBe('credited');
    const res = await t.app.inject({
      url: '/api/v1/user/balance',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.json<{ data: { usdt: { available: string } } }>().data.usdt.available).toBe(
      '42.000000',
    );
  });

  it('has no job and no network without a node', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.services.chain.networks()).toEqual([]);
      expect(chainJobs(plain.app.services.chain, 1000, memoryLog())).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

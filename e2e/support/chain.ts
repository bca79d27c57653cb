import { privateKeyToAccount } from 'viem/accounts';
import { DEV_NODE } from '../../apps/server/src/modules/funding/chain/chain.config.js';
import {
  deployTestToken,
  startLocalNode,
  TEST_KEYS,
  transferToken,
  type LocalNode,
} from '../../apps/server/src/modules/funding/chain/testing/local-node.js';

/** The wallet journeys send test USDT from (Hardhat's public test account #2). */
export const CUSTOMER_KEY = TEST_KEYS[2];

/**
 * The E2E run's local EVM: Hardhat's network on a free port with the test USDT at the dev
 * node's well-known address, so the server needs one variable (CHAIN_DEV_NODE). Each
 * transaction is mined on arrival and nothing else is: a journey adds confirmations by mining
 * blocks itself (`mine`), so it sees "confirming n/N" for as long as it wants.
 */
export async function startChain(): Promise<LocalNode> {
  const node = await startLocalNode(0);
  const token = await deployTestToken(node, TEST_KEYS[0], 10n ** 14n);
  if (token !== DEV_NODE.tokenAddress) {
    await node.close();
    throw new Error(`test USDT landed at ${token}, not ${DEV_NODE.tokenAddress}`);
  }
  const customer = privateKeyToAccount(CUSTOMER_KEY).address;
  await transferToken(node, token, TEST_KEYS[0], customer, 10n ** 12n); // 1,000,000 USDT
  await node.setAutomine(true);
  return node;
}

/**
 * `npm run chain:dev`: a local EVM for development (Hardhat's network, from npm) with the test
 * USDT deployed at its well-known address, a block every 2 s (so deposits gain confirmations),
 * and test USDT on the payout wallet and a "customer" wallet. Start the server with the one
 * variable it prints (CHAIN_DEV_NODE=…). Public test keys only: never a real chain.
 *
 * `npm run chain:dev -- send <address> <amount>` (another terminal) sends test USDT from the
 * customer wallet to an address — a user's deposit address, say.
 */
import { parseAmountOrThrow } from '@ampere/contract';
import { createPublicClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_NODE } from './chain.config.js';
import {
  deployTestToken,
  startLocalNode,
  TEST_KEYS,
  testWallet,
  TEST_TOKEN_ABI,
  transferToken,
} from './testing/local-node.js';

const port = Number(process.env.CHAIN_DEV_PORT ?? 8545);
const url = `http://127.0.0.1:${port}/`;
const customerKey = TEST_KEYS[2];

async function send(to: string, amount: string) {
  const wallet = testWallet({ url }, customerKey);
  const hash = await wallet.writeContract({
    address: DEV_NODE.tokenAddress,
    abi: TEST_TOKEN_ABI,
    functionName: 'transfer',
    args: [to as Address, parseAmountOrThrow(amount, 'usdt')],
  });
  const client = createPublicClient({ transport: http(url) });
  const receipt = await client.waitForTransactionReceipt({ hash });
  console.log(`sent ${amount} USDT to ${to}: ${hash} (block ${receipt.blockNumber})`);
}

async function start() {
  const node = await startLocalNode(port);
  const token = await deployTestToken(node, TEST_KEYS[0], 10n ** 14n);
  if (token !== DEV_NODE.tokenAddress)
    throw new Error(`test USDT landed at ${token}, not ${DEV_NODE.tokenAddress}: a fresh node?`);
  const customer = privateKeyToAccount(customerKey).address;
  await transferToken(node, token, TEST_KEYS[0], customer, 10n ** 12n); // 1,000,000 USDT
  await node.setAutomine(true);
  await node.request('evm_setIntervalMining', [2000]);
  console.log(`Local EVM (chain 31337) at ${node.url}, a block every 2 s; test USDT at ${token}.`);
  console.log('Start the server with:\n');
  console.log(`  CHAIN_DEV_NODE=${node.url} npm run dev\n`);
  console.log(`Send test USDT to a deposit address: npm run chain:dev -- send <address> <amount>`);
  const stop = () => void node.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const [command, to, amount] = process.argv.slice(2);
if (command === 'send' && to && amount) await send(to, amount);
else if (command === undefined) await start();
else throw new Error('usage: chain:dev [send <address> <amount>]');

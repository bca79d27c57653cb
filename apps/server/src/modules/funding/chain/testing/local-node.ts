import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { resolveConfig } from 'hardhat/internal/core/config/config-resolution.js';
import { createProvider } from 'hardhat/internal/core/providers/construction.js';
import { JsonRpcServer } from 'hardhat/internal/hardhat-network/jsonrpc/server.js';
import artifact from './test-usdt.json' with { type: 'json' };

/**
 * A real local EVM for tests, the benchmark and `npm run chain:dev`: Hardhat's network (EDR, from
 * npm: nothing is downloaded) behind its JSON-RPC server on a free port, in this process. Its
 * accounts are Hardhat's public test accounts (mnemonic "test … junk"), each funded with ETH.
 */
export const TEST_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
] as const satisfies readonly Hex[];

export interface LocalNode {
  url: string;
  client: PublicClient;
  request(method: string, params?: unknown[]): Promise<unknown>;
  mine(blocks: number): Promise<void>;
  /** Automatic mining of each transaction on arrival (on by default). */
  setAutomine(on: boolean): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalNode(port = 0): Promise<LocalNode> {
  // Hardhat resolves a config relative to a file; this one stands in for hardhat.config.
  const config = resolveConfig(fileURLToPath(import.meta.url), {
    networks: { hardhat: { chainId: 31337, loggingEnabled: false } },
  });
  const provider = await createProvider(config, 'hardhat');
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port, provider });
  const address = await server.listen();
  const url = `http://127.0.0.1:${address.port}/`;
  const request = (method: string, params: unknown[] = []) => provider.request({ method, params });
  return {
    url,
    client: createPublicClient({ transport: http(url), cacheTime: 0 }),
    request,
    async mine(blocks) {
      await request('hardhat_mine', [`0x${blocks.toString(16)}`]);
    },
    async setAutomine(on) {
      await request('evm_setAutomine', [on]);
    },
    snapshot: async () => String(await request('evm_snapshot')),
    async revert(id) {
      if ((await request('evm_revert', [id])) !== true) throw new Error(`evm_revert ${id} failed`);
    },
    close: () => server.close(),
  };
}

/** A wallet for one of the test keys. */
export function testWallet(node: Pick<LocalNode, 'url'>, key: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(key),
    transport: http(node.url),
    chain: {
      id: 31337,
      name: 'local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [node.url] } },
    },
  });
}

export const TEST_TOKEN_ABI = artifact.abi;

/** Deploys the test USDT from `key` and mints `mintMinor` to its deployer. */
export async function deployTestToken(
  node: LocalNode,
  key: Hex = TEST_KEYS[0],
  mintMinor = 10n ** 15n,
): Promise<Address> {
  const wallet = testWallet(node, key);
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode as Hex,
  });
  const receipt = await node.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (!receipt.contractAddress) throw new Error('test token not deployed');
  const token = getAddress(receipt.contractAddress);
  await transferToken(node, token, key, wallet.account.address, mintMinor, 'mint');
  return token;
}

/** Sends a token transfer (or mint) and returns its transaction hash once mined. */
export async function transferToken(
  node: LocalNode,
  token: Address,
  key: Hex,
  to: Address,
  amountMinor: bigint,
  fn: 'transfer' | 'mint' = 'transfer',
): Promise<Hex> {
  const wallet = testWallet(node, key);
  const hash = await wallet.writeContract({
    address: token,
    abi: artifact.abi,
    functionName: fn,
    args: [to, amountMinor],
  });
  return hash;
}

/** The token balance of `owner`. */
export async function tokenBalance(node: LocalNode, token: Address, owner: Address) {
  return (await node.client.readContract({
    address: token,
    abi: artifact.abi,
    functionName: 'balanceOf',
    args: [owner],
  })) as bigint;
}

import { parseAmountOrThrow } from '@ampere/contract';
import { getAddress, type Address, type Hex } from 'viem';
import type { Env } from '../../../config/env.js';

/** The one network offered today: USDT as an ERC-20 token on an EVM chain. */
export const ERC20_NETWORK = 'erc20';

export interface ChainConfig {
  network: typeof ERC20_NETWORK;
  name: string;
  rpcUrl: string;
  tokenAddress: Address;
  xpub: string;
  confirmations: number;
  minMinor: bigint;
  maxMinor: bigint;
  /** The first block to scan when no cursor is stored; undefined: the head at that moment. */
  startBlock: bigint | undefined;
  scanBlocks: number;
  pollMs: number;
  payoutKey: Hex | undefined;
  /** The local development node of `npm run chain:dev` (its chain id is checked: 31337). */
  devNode: boolean;
}

/**
 * The well-known values of the local development node (`npm run chain:dev`): Hardhat's public
 * test mnemonic. Its first contract deployed by account #0 is the test token; deposit addresses
 * derive from account 1' of the mnemonic (m/44'/60'/1'), and account #0 signs payouts. Public
 * test keys, for a local chain only: CHAIN_DEV_NODE is refused on any chain but 31337.
 */
export const DEV_NODE = {
  chainId: 31337,
  mnemonic: 'test test test test test test test test test test test junk',
  tokenAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address,
  xpub: 'xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76',
  payoutKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as Hex,
} as const;

/** The chain's configuration from the environment; undefined when no node is configured. */
export function chainConfigFromEnv(env: Env): ChainConfig | undefined {
  const common = {
    network: ERC20_NETWORK,
    name: 'USDT-ERC20',
    confirmations: env.CHAIN_CONFIRMATIONS,
    minMinor: parseAmountOrThrow(env.CHAIN_MIN_DEPOSIT, 'usdt'),
    maxMinor: parseAmountOrThrow(env.CHAIN_MAX_DEPOSIT, 'usdt'),
    startBlock: env.CHAIN_START_BLOCK === undefined ? undefined : BigInt(env.CHAIN_START_BLOCK),
    scanBlocks: env.CHAIN_SCAN_BLOCKS,
    pollMs: env.CHAIN_POLL_MS,
  } as const;
  if (env.CHAIN_DEV_NODE !== undefined) {
    return {
      ...common,
      rpcUrl: env.CHAIN_DEV_NODE,
      tokenAddress: DEV_NODE.tokenAddress,
      xpub: DEV_NODE.xpub,
      startBlock: common.startBlock ?? 0n,
      payoutKey: DEV_NODE.payoutKey,
      devNode: true,
    };
  }
  if (
    env.CHAIN_RPC_URL === undefined ||
    env.CHAIN_USDT_TOKEN === undefined ||
    env.CHAIN_XPUB === undefined
  )
    return undefined;
  return {
    ...common,
    rpcUrl: env.CHAIN_RPC_URL,
    tokenAddress: getAddress(env.CHAIN_USDT_TOKEN),
    xpub: env.CHAIN_XPUB,
    payoutKey: env.CHAIN_PAYOUT_KEY as Hex | undefined,
    devNode: false,
  };
}

import { createPublicClient, http, parseAbiItem, type Address, type Hex } from 'viem';

/** One ERC-20 `Transfer` log as the watcher needs it. */
export interface TransferLog {
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hex;
  from: Address;
  to: Address;
  value: bigint;
}

/**
 * What the watcher reads from a chain, and nothing more: one interface, so a second network (or
 * a test double of a misbehaving node) is one more implementation.
 */
export interface ChainAdapter {
  chainId(): Promise<number>;
  latestBlock(): Promise<bigint>;
  /** The canonical block's hash at `number`; undefined when the node has no such block (yet). */
  blockHash(number: bigint): Promise<Hex | undefined>;
  /** `token`'s Transfer logs in blocks [fromBlock, toBlock], in chain order. */
  transferLogs(token: Address, fromBlock: bigint, toBlock: bigint): Promise<TransferLog[]>;
}

export const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** The adapter over an EVM node's JSON-RPC (viem). */
export function createViemAdapter(rpcUrl: string, timeoutMs = 15_000): ChainAdapter {
  // cacheTime 0: viem otherwise reuses a block number for seconds, and the watcher must see the
  // head it asks for.
  const client = createPublicClient({
    transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 2 }),
    cacheTime: 0,
  });
  return {
    chainId: () => client.getChainId(),
    latestBlock: () => client.getBlockNumber({ cacheTime: 0 }),
    async blockHash(number) {
      try {
        const block = await client.getBlock({ blockNumber: number, includeTransactions: false });
        return block.hash;
      } catch (error) {
        if ((error as { name?: string }).name === 'BlockNotFoundError') return undefined;
        throw error;
      }
    },
    async transferLogs(token, fromBlock, toBlock) {
      const logs = await client.getLogs({
        address: token,
        event: TRANSFER_EVENT,
        fromBlock,
        toBlock,
        strict: true,
      });
      return logs
        .filter((log) => !log.removed)
        .map((log) => ({
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          from: log.args.from,
          to: log.args.to,
          value: log.args.value,
        }));
    },
  };
}

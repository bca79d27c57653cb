import {
  createPublicClient,
  hexToBigInt,
  hexToNumber,
  http,
  numberToHex,
  type Address,
  type Hex,
} from 'viem';

/** One ERC-20 `Transfer` log as the watcher needs it. */
export interface TransferLog {
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hex;
  /** Lower-case. */
  from: Address;
  /** Lower-case. */
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

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The address in a 32-byte topic, lower-case (no checksum work per log). */
const topicAddress = (topic: Hex): Address => `0x${topic.slice(26).toLowerCase()}`;

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
      // Raw eth_getLogs, decoded by hand: a Transfer's `to` is topic 2, its value the data word.
      // (viem's generic ABI decoder costs more than the call itself on ranges of many logs.)
      const logs = await client.request({
        method: 'eth_getLogs',
        params: [
          {
            address: token,
            topics: [TRANSFER_TOPIC],
            fromBlock: numberToHex(fromBlock),
            toBlock: numberToHex(toBlock),
          },
        ],
      });
      const transfers: TransferLog[] = [];
      for (const log of logs) {
        const [, fromTopic, toTopic] = log.topics;
        // A Transfer with other indexing (not ERC-20's) or a removed log is not a deposit.
        if (log.removed || log.topics.length !== 3 || !fromTopic || !toTopic) continue;
        if (log.blockNumber === null || log.transactionHash === null || log.logIndex === null)
          continue;
        if (log.blockHash === null) continue;
        transfers.push({
          txHash: log.transactionHash,
          logIndex: hexToNumber(log.logIndex),
          blockNumber: hexToBigInt(log.blockNumber),
          blockHash: log.blockHash,
          from: topicAddress(fromTopic),
          to: topicAddress(toTopic),
          value: log.data === '0x' ? 0n : hexToBigInt(log.data),
        });
      }
      return transfers;
    },
  };
}

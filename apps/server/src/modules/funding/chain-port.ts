/**
 * The USDT chain behind one interface (issue #14): deposit addresses, the deposits seen on a
 * chain, address validation and payouts. The chain watcher (modules/funding/chain/) implements
 * it against an EVM node; funding's own code only ever talks to this port.
 */
export interface UsdtNetwork {
  key: string;
  name: string;
  tokenAddress: string;
  confirmations: number;
  minMinor: bigint;
  maxMinor: bigint;
}

export interface ChainDeposit {
  id: bigint;
  network: string;
  txHash: string;
  logIndex: number;
  address: string;
  amountMinor: bigint;
  confirmations: number;
  required: number;
  status: 'confirming' | 'credited' | 'dropped';
  detectedAt: Date;
  creditedAt: Date | null;
}

export interface ChainPort {
  networks(): readonly UsdtNetwork[];
  depositAddress(userId: bigint, network: string): Promise<string>;
  isValidAddress(network: string, address: string): boolean;
  /** Newest first, strictly before `before` (time, then id) when given. */
  deposits(
    userId: bigint,
    q: { before?: { time: Date; id: bigint }; limit: number },
  ): Promise<ChainDeposit[]>;
  /** One of the user's deposits as `deposits` shows it; undefined when not theirs or unknown. */
  deposit(userId: bigint, id: bigint): Promise<ChainDeposit | undefined>;
  send(
    network: string,
    to: string,
    amountMinor: bigint,
    reference: string,
  ): Promise<{ txHash: string }>;
}

/**
 * No EVM node configured: no network, so USDT recharge is not offered (and says so), no address
 * can be added to the book, and no deposit exists. The chain watcher's service replaces this at
 * merge time when a node is configured.
 */
export const noChain: ChainPort = {
  networks: () => [],
  depositAddress: (_userId, network) =>
    Promise.reject(new Error(`no chain network is configured (asked for ${network})`)),
  isValidAddress: () => false,
  deposits: () => Promise.resolve([]),
  deposit: () => Promise.resolve(undefined),
  send: (network) =>
    Promise.reject(new Error(`no chain network is configured (send on ${network})`)),
};

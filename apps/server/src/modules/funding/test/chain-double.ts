import { getAddress, isAddress } from 'viem';
import type { ChainDeposit, ChainPort, UsdtNetwork } from '../chain-port.js';

/**
 * The chain as funding's tests need it, in memory: one `erc20` network whose addresses are
 * checked as the chain watcher checks them (viem's `isAddress`, EIP-55 when mixed case),
 * deposits the test places, and payouts it records (or refuses, to test a failed send). The
 * real watcher against an EVM node is the chain helper's (modules/funding/chain/).
 */
export function chainDouble() {
  const network: UsdtNetwork = {
    key: 'erc20',
    name: 'Ethereum (ERC-20)',
    tokenAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    confirmations: 6,
    minMinor: 1_000_000n,
    maxMinor: 100_000_000_000n,
  };
  const deposits: (ChainDeposit & { userId: bigint })[] = [];
  const sent: { network: string; to: string; amountMinor: bigint; reference: string }[] = [];
  let failSends = false;
  let nextId = 1n;

  const port: ChainPort = {
    networks: () => [network],
    depositAddress: (userId) =>
      Promise.resolve(getAddress(`0x${userId.toString(16).padStart(40, '0')}`)),
    isValidAddress: (key, address) => key === network.key && isAddress(address, { strict: true }),
    deposits: (userId, q) =>
      Promise.resolve(
        deposits
          .filter((d) => d.userId === userId)
          .filter(
            (d) =>
              !q.before ||
              d.detectedAt < q.before.time ||
              (d.detectedAt.getTime() === q.before.time.getTime() && d.id < q.before.id),
          )
          .sort((a, b) => b.detectedAt.getTime() - a.detectedAt.getTime() || (a.id < b.id ? 1 : -1))
          .slice(0, q.limit),
      ),
    deposit: (userId, id) =>
      Promise.resolve(deposits.find((d) => d.userId === userId && d.id === id)),
    send: (key, to, amountMinor, reference) => {
      if (failSends) return Promise.reject(new Error('node refused the transaction'));
      sent.push({ network: key, to, amountMinor, reference });
      return Promise.resolve({
        txHash: `0x${'ab'.repeat(31)}${sent.length.toString(16).padStart(2, '0')}`,
      });
    },
  };

  return {
    port,
    sent,
    failSends(fail: boolean) {
      failSends = fail;
    },
    deposit(userId: bigint, amountMinor: bigint, at: Date, confirmations: number) {
      const id = nextId++;
      deposits.push({
        id,
        userId,
        network: network.key,
        txHash: `0x${id.toString(16).padStart(64, '0')}`,
        logIndex: 0,
        address: '0x0',
        amountMinor,
        confirmations,
        required: network.confirmations,
        status: confirmations >= network.confirmations ? 'credited' : 'confirming',
        detectedAt: at,
        creditedAt: null,
      });
      return id;
    },
  };
}

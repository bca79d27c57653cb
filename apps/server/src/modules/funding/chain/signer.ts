import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * Signs and sends ERC-20 transfers from the payout wallet. Signing and broadcasting are two
 * steps so the signed transaction (and so its hash and nonce) can be stored before it leaves:
 * a retry broadcasts the same transaction and can never pay twice (payouts.ts).
 */
export interface ChainSigner {
  readonly address: Address;
  /** The next nonce the node would accept from the wallet (pending transactions counted). */
  pendingNonce(): Promise<bigint>;
  signTransfer(req: {
    token: Address;
    to: Address;
    amountMinor: bigint;
    nonce: bigint;
  }): Promise<{ txHash: Hex; signedTx: Hex }>;
  /** Sends a signed transaction; one the node already has (or mined) is not an error. */
  broadcast(signedTx: Hex, txHash: Hex): Promise<void>;
}

/** The signer over a private key from the environment (CHAIN_PAYOUT_KEY) and a JSON-RPC node. */
export function createKeySigner(rpcUrl: string, privateKey: Hex): ChainSigner {
  const account = privateKeyToAccount(privateKey);
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 15_000 }), cacheTime: 0 });
  return {
    address: account.address,
    pendingNonce: async () =>
      BigInt(await client.getTransactionCount({ address: account.address, blockTag: 'pending' })),
    async signTransfer({ token, to, amountMinor, nonce }) {
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, amountMinor],
      });
      const [chainId, gas, fees] = await Promise.all([
        client.getChainId(),
        client.estimateGas({ account: account.address, to: token, data }),
        client.estimateFeesPerGas(),
      ]);
      const signedTx = await account.signTransaction({
        type: 'eip1559',
        chainId,
        to: token,
        data,
        nonce: Number(nonce),
        // A margin over the estimate: the token's storage may change before it is mined.
        gas: (gas * 12n) / 10n,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return { txHash: keccak256(signedTx), signedTx };
    },
    async broadcast(signedTx, txHash) {
      try {
        await client.sendRawTransaction({ serializedTransaction: signedTx });
      } catch (error) {
        // Sent before (a retry after a crash): the node knows it, pending or mined.
        const known = await client.getTransaction({ hash: txHash }).catch(() => undefined);
        if (!known) throw error;
      }
    },
  };
}

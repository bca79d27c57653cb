import { sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
import type { ChainConfig } from './chain.config.js';
import { createKeySigner, type ChainSigner } from './signer.js';
import {
  deployTestToken,
  startLocalNode,
  TEST_KEYS,
  tokenBalance,
  transferToken,
  type LocalNode,
} from './testing/local-node.js';
import { chainServiceFor, testAccountKey, testChainConfig } from './testing/setup.js';

/**
 * Payouts on the local EVM: a transfer sent and mined, once per reference — also when the sender
 * crashed after signing (before or after the broadcast) and the caller retries.
 */
const USDT = 1_000_000n;
let node: LocalNode;
let t: TestDatabase;
let token: Address;
let config: ChainConfig;
const payoutKey = TEST_KEYS[1];
const recipient = privateKeyToAccount(TEST_KEYS[3]).address;

beforeAll(async () => {
  [node, t] = await Promise.all([startLocalNode(), createTestDatabase()]);
  token = await deployTestToken(node);
  await transferToken(
    node,
    token,
    TEST_KEYS[0],
    privateKeyToAccount(payoutKey).address,
    1_000n * USDT,
  );
  config = testChainConfig({
    rpcUrl: node.url,
    tokenAddress: token,
    xpub: testAccountKey().xpub,
    payoutKey,
  });
}, 60_000);
afterAll(async () => {
  await node.close();
  await t.drop();
});

/** The real signer, with a crash injected around its broadcast. */
function crashingSigner(when: 'before-broadcast' | 'after-broadcast'): ChainSigner {
  const inner = createKeySigner(node.url, payoutKey);
  let crashed = false;
  return {
    address: inner.address,
    pendingNonce: () => inner.pendingNonce(),
    signTransfer: (req) => inner.signTransfer(req),
    async broadcast(signedTx: Hex, txHash: Hex) {
      if (!crashed && when === 'before-broadcast') {
        crashed = true;
        throw new Error('crashed before broadcast');
      }
      await inner.broadcast(signedTx, txHash);
      if (!crashed) {
        crashed = true;
        throw new Error('crashed after broadcast');
      }
    },
  };
}

async function errorName(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return error instanceof AppError ? error.message : (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('USDT payouts', () => {
  it('sends an ERC-20 transfer, once per reference', async () => {
    const chain = chainServiceFor(t.database.db, config);
    const before = await tokenBalance(node, token, recipient);
    const first = await chain.send('erc20', recipient, 12_500_000n, 'withdrawal:1');
    const receipt = await node.client.getTransactionReceipt({ hash: first.txHash as Hex });
    expect(receipt.status).toBe('success');
    expect(await tokenBalance(node, token, recipient)).toBe(before + 12_500_000n);

    const again = await chain.send('erc20', recipient, 12_500_000n, 'withdrawal:1');
    expect(again).toEqual(first);
    expect(await tokenBalance(node, token, recipient)).toBe(before + 12_500_000n);
    // The same reference with other details is a caller's bug, refused loudly.
    expect(await errorName(chain.send('erc20', recipient, 1n, 'withdrawal:1'))).toMatch(
      /other details/,
    );
  });

  it.each(['before-broadcast', 'after-broadcast'] as const)(
    'pays once when the sender crashed %s and the caller retries',
    async (when) => {
      const db = t.database.db;
      const crashing = chainServiceFor(db, config, { signer: crashingSigner(when) });
      const before = await tokenBalance(node, token, recipient);
      const reference = `withdrawal:crash-${when}`;
      await expect(crashing.send('erc20', recipient, 3n * USDT, reference)).rejects.toThrow(
        /crashed/,
      );
      const [stored] = await queryRows<{ tx_hash: string }>(
        db,
        sql`select tx_hash from chain_payout where reference = ${reference}`,
      );
      expect(stored?.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);

      const retried = await chainServiceFor(db, config).send(
        'erc20',
        recipient,
        3n * USDT,
        reference,
      );
      expect(retried.txHash).toBe(stored?.tx_hash);
      await node.mine(1);
      expect(await tokenBalance(node, token, recipient)).toBe(before + 3n * USDT);
    },
  );

  it('gives concurrent payouts distinct nonces, and every one is mined', async () => {
    const chain = chainServiceFor(t.database.db, config);
    const before = await tokenBalance(node, token, recipient);
    const sent = await Promise.all(
      [1n, 2n, 3n, 4n, 5n].map((n) => chain.send('erc20', recipient, n * USDT, `batch:${n}`)),
    );
    expect(new Set(sent.map((s) => s.txHash)).size).toBe(5);
    await node.mine(1);
    expect(await tokenBalance(node, token, recipient)).toBe(before + 15n * USDT);
    const nonces = await queryRows<{ nonce: string }>(
      t.database.db,
      sql`select nonce from chain_payout where reference like 'batch:%' order by nonce`,
    );
    const values = nonces.map((r) => Number(r.nonce));
    expect(values).toEqual(values.map((_, i) => (values[0] ?? 0) + i));
  });

  it('refuses a bad address, a non-positive amount, and a server with no payout key', async () => {
    const chain = chainServiceFor(t.database.db, config);
    // The recipient (0x90F79bf6EB2c…) with one letter's case flipped: the checksum fails.
    expect(recipient.startsWith('0x90F79')).toBe(true);
    const mixed = `0x90f79${recipient.slice(7)}`;
    expect(await errorName(chain.send('erc20', mixed, USDT, 'bad:1'))).toBe(
      'CHAIN_ADDRESS_INVALID',
    );
    expect(await errorName(chain.send('erc20', recipient, 0n, 'bad:2'))).toBe('AMOUNT_INVALID');
    expect(await errorName(chain.send('trc20', recipient, USDT, 'bad:3'))).toBe(
      'CHAIN_NETWORK_UNAVAILABLE',
    );
    const keyless = chainServiceFor(t.database.db, { ...config, payoutKey: undefined });
    expect(await errorName(keyless.send('erc20', recipient, USDT, 'bad:4'))).toBe(
      'CHAIN_PAYOUT_UNAVAILABLE',
    );
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chain_payout where reference like 'bad:%'`,
    );
    expect(count?.n).toBe(0);
  });
});

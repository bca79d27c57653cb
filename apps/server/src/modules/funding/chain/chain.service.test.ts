import { bytesToHex, getAddress, type Address } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../../config/env.js';
import { AppError } from '../../../errors.js';
import { insertTestUser } from '../../../test/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { createAddressDeriver } from './addresses.js';
import { chainConfigFromEnv, DEV_NODE } from './chain.config.js';
import { chainServiceFor, memoryLog, testAccountKey, testChainConfig } from './testing/setup.js';

/**
 * Deposit addresses, address checks, configuration and the not-configured state: no node is
 * needed for these (addresses derive locally from the xpub).
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(() => t.drop());

const TOKEN = '0xdAC17F958D2ee523a2206206994597C13D831ec7' as Address;

async function appErrorName(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('deposit addresses', () => {
  it('gives each user one stable address, child 0/i of the xpub, distinct under concurrency', async () => {
    const db = t.database.db;
    const key = testAccountKey();
    const chain = chainServiceFor(
      db,
      testChainConfig({ rpcUrl: 'http://127.0.0.1:1/', tokenAddress: TOKEN, xpub: key.xpub }),
    );
    const users = await Promise.all(Array.from({ length: 8 }, () => insertTestUser(db)));
    // Every user asks three times at once: one address each, none shared.
    const asked = await Promise.all(
      users.flatMap((u) => [1, 2, 3].map(() => chain.depositAddress(u.id, 'erc20'))),
    );
    const perUser = users.map((_, i) => new Set(asked.slice(i * 3, i * 3 + 3)));
    expect(perUser.every((s) => s.size === 1)).toBe(true);
    const addresses = perUser.map((s) => [...s][0] ?? '');
    expect(new Set(addresses).size).toBe(users.length);
    // Shown check-summed, stable on a later call.
    expect(addresses.every((a) => a === getAddress(a))).toBe(true);
    expect(await chain.depositAddress(users[0]?.id ?? 0n, 'erc20')).toBe(addresses[0]);

    // Whoever holds the account's PRIVATE key controls exactly these addresses.
    const external = key.account.deriveChild(0);
    const controlled = new Set(
      Array.from({ length: 40 }, (_, i) => {
        const priv = external.deriveChild(i).privateKey;
        if (!priv) throw new Error('no private key');
        return privateKeyToAccount(bytesToHex(priv)).address;
      }),
    );
    expect(addresses.every((a) => controlled.has(a as Address))).toBe(true);
  });

  it('derives the development xpub from the public test mnemonic, account 1', () => {
    const derive = createAddressDeriver(DEV_NODE.xpub);
    for (const i of [0, 1, 7])
      expect(derive(BigInt(i))).toBe(
        mnemonicToAccount(DEV_NODE.mnemonic, { accountIndex: 1, addressIndex: i }).address,
      );
  });

  it('refuses an extended private key in place of the xpub', () => {
    const { account } = testAccountKey();
    expect(() => createAddressDeriver(account.privateExtendedKey)).toThrow(/public key/);
  });
});

describe('address checks (EIP-55)', () => {
  const chain = () => chainServiceFor(t.database.db, undefined);
  it.each([
    ['0xdAC17F958D2ee523a2206206994597C13D831ec7', true],
    ['0xdac17f958d2ee523a2206206994597c13d831ec7', true], // no checksum: all lower case
    ['0xdAC17F958D2ee523a2206206994597C13D831Ec7', false], // one letter's case wrong
    ['0xdAC17F958D2ee523a2206206994597C13D831ec', false], // 39 digits
    ['dAC17F958D2ee523a2206206994597C13D831ec7', false], // no 0x
    ['0xgAC17F958D2ee523a2206206994597C13D831ec7', false],
    [' 0xdAC17F958D2ee523a2206206994597C13D831ec7', false],
  ])('%s → %s', (address, valid) => {
    expect(chain().isValidAddress('erc20', address)).toBe(valid);
  });
  it('knows no other network', () => {
    expect(chain().isValidAddress('trc20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(
      false,
    );
  });
});

describe('configuration', () => {
  it('is not configured without a node: no network, no address, no payout, no watcher', async () => {
    const db = t.database.db;
    const env = loadEnv({ DATA_DIR: '/tmp' });
    expect(chainConfigFromEnv(env)).toBeUndefined();
    const chain = chainServiceFor(db, undefined);
    const user = await insertTestUser(db);
    expect(chain.networks()).toEqual([]);
    expect(await appErrorName(chain.depositAddress(user.id, 'erc20'))).toBe(
      'CHAIN_NETWORK_UNAVAILABLE',
    );
    expect(await appErrorName(chain.send('erc20', TOKEN, 1_000_000n, 'withdrawal:1'))).toBe(
      'CHAIN_NETWORK_UNAVAILABLE',
    );
    expect(await chain.deposits(user.id, { limit: 10 })).toEqual([]);
    expect(chain.watcher(memoryLog())).toBeUndefined();
  });

  it('reads the chain from the environment, with the SPEC bounds on confirmations', () => {
    const xpub = testAccountKey().xpub;
    const config = chainConfigFromEnv(
      loadEnv({
        CHAIN_RPC_URL: 'https://rpc.example/',
        CHAIN_USDT_TOKEN: TOKEN.toLowerCase(),
        CHAIN_XPUB: xpub,
        CHAIN_CONFIRMATIONS: '6',
        CHAIN_MIN_DEPOSIT: '10.5',
        CHAIN_MAX_DEPOSIT: '50000',
      }),
    );
    expect(config).toMatchObject({
      network: 'erc20',
      rpcUrl: 'https://rpc.example/',
      tokenAddress: TOKEN,
      xpub,
      confirmations: 6,
      minMinor: 10_500_000n,
      maxMinor: 50_000_000_000n,
      payoutKey: undefined,
    });
    const service = chainServiceFor(t.database.db, config);
    expect(service.networks()).toEqual([
      {
        key: 'erc20',
        name: 'USDT-ERC20',
        tokenAddress: TOKEN,
        confirmations: 6,
        minMinor: 10_500_000n,
        maxMinor: 50_000_000_000n,
      },
    ]);
    // The default is 3.
    expect(
      chainConfigFromEnv(
        loadEnv({
          CHAIN_RPC_URL: 'https://rpc.example/',
          CHAIN_USDT_TOKEN: TOKEN,
          CHAIN_XPUB: xpub,
        }),
      )?.confirmations,
    ).toBe(3);
  });

  it.each([
    [{ CHAIN_CONFIRMATIONS: '2' }, 'CHAIN_CONFIRMATIONS'],
    [{ CHAIN_CONFIRMATIONS: '7' }, 'CHAIN_CONFIRMATIONS'],
    [{ CHAIN_RPC_URL: 'https://rpc.example/' }, 'CHAIN_USDT_TOKEN'],
    [{ CHAIN_XPUB: 'xprv9s21ZrQH143K' }, 'CHAIN_XPUB'],
    [{ CHAIN_MIN_DEPOSIT: '100', CHAIN_MAX_DEPOSIT: '10' }, 'CHAIN_MAX_DEPOSIT'],
    [{ CHAIN_MIN_DEPOSIT: '1.0000001' }, 'CHAIN_MIN_DEPOSIT'],
    [{ CHAIN_PAYOUT_KEY: '0x1234' }, 'CHAIN_PAYOUT_KEY'],
    [{ CHAIN_DEV_NODE: 'http://127.0.0.1:8545', CHAIN_RPC_URL: 'http://x/' }, 'CHAIN_DEV_NODE'],
  ])('refuses %o naming %s', (vars, name) => {
    try {
      loadEnv(vars);
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems.join('\n')).toContain(name);
      return;
    }
    throw new Error('expected EnvError');
  });

  it('points at the local node with one variable, CHAIN_DEV_NODE', () => {
    expect(chainConfigFromEnv(loadEnv({ CHAIN_DEV_NODE: 'http://127.0.0.1:8545' }))).toMatchObject({
      rpcUrl: 'http://127.0.0.1:8545',
      tokenAddress: DEV_NODE.tokenAddress,
      xpub: DEV_NODE.xpub,
      payoutKey: DEV_NODE.payoutKey,
      startBlock: 0n,
      devNode: true,
    });
  });
});

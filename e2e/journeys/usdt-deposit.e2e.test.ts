import { parseAmountOrThrow } from '@ampere/contract';
import type { Page } from 'playwright-core';
import { createPublicClient, getAddress, http, type Hex } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { DEV_NODE } from '../../apps/server/src/modules/funding/chain/chain.config.js';
import {
  TEST_TOKEN_ABI,
  testWallet,
} from '../../apps/server/src/modules/funding/chain/testing/local-node.js';
import {
  expectNoConsoleErrors,
  open,
  shotBothSchemes,
  signUp,
  waitForRoute,
} from '../support/app.js';
import { CUSTOMER_KEY } from '../support/chain.js';
import { usePhones } from '../support/phones.js';

const baseUrl = inject('baseUrl');
const chainUrl = inject('chainUrl');

const RECHARGE = '/app/pages/user/recharge/index';
const RECHARGE_LIST = '/app/pages/user/recharge/list';
const DEPOSIT_DETAIL = '/app/pages/user/recharge/deposit';
const ASSET = '/app/pages/tabbar/asset/index';

/** What the journey deposits; the server runs with CHAIN_CONFIRMATIONS=3 (support/server.ts). */
const AMOUNT = '25';
const REQUIRED = 3;

const client = createPublicClient({ transport: http(chainUrl), cacheTime: 0 });

/** Mines `blocks` empty blocks on the local node: the only way confirmations grow in the run. */
async function mine(blocks: number) {
  const res = await fetch(chainUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'hardhat_mine',
      params: [`0x${blocks.toString(16)}`],
    }),
  });
  const body = (await res.json()) as { error?: unknown };
  if (body.error !== undefined) throw new Error(`hardhat_mine: ${JSON.stringify(body.error)}`);
}

/** The USDT total on the Asset tab, in minor units (the page's digits, its separators removed). */
async function usdtTotal(page: Page): Promise<bigint> {
  const total = page.getByTestId('balance-usdt').getByLabel(/USDT/);
  await total.filter({ hasText: /\d/ }).waitFor();
  const text = (await total.textContent()) ?? '';
  return parseAmountOrThrow(text.replace(/[^\d.]/g, ''), 'usdt', { allowZero: true });
}

/**
 * Reloads the records page until `text` shows (the watcher runs every CHAIN_POLL_MS, and the
 * list is read when the page opens); fails with what the page showed instead.
 */
async function reloadUntil(page: Page, text: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await open(page, baseUrl, RECHARGE_LIST);
    const found = page.getByText(text, { exact: true });
    if (
      await found
        .first()
        .isVisible()
        .catch(() => false)
    )
      return;
    await page.waitForTimeout(1000);
    if (
      await found
        .first()
        .isVisible()
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline)
      throw new Error(`never saw "${text}"; the page: ${await page.locator('body').innerText()}`);
    await page.reload();
  }
}

describe('USDT deposit on the local chain', () => {
  const { phone, errors } = usePhones();

  it('shows the deposit address, "confirming n/N" while blocks come, then credits it once', async () => {
    const page = await phone();
    await signUp(page, baseUrl);
    await open(page, baseUrl, ASSET);
    const before = await usdtTotal(page);

    // Recharge → USDT: the user's own deposit address, with its QR code.
    await open(page, baseUrl, RECHARGE);
    await page.getByText('USDT', { exact: true }).first().click();
    await page.getByText('USDT-ERC20', { exact: true }).first().waitFor();
    await page.locator('svg title', { hasText: 'USDT-ERC20' }).waitFor({ state: 'attached' });
    const shown = /0x[0-9a-fA-F]{40}/.exec(await page.locator('body').innerText())?.[0];
    if (shown === undefined) throw new Error('no deposit address on the page');
    const address = getAddress(shown);
    expect(address, 'shown EIP-55 check-summed').toBe(shown);
    await shotBothSchemes(page, 'usdt-recharge');

    // A customer's wallet sends test USDT to it; the node mines the transfer at once.
    const wallet = testWallet({ url: chainUrl }, CUSTOMER_KEY);
    const hash: Hex = await wallet.writeContract({
      address: DEV_NODE.tokenAddress,
      abi: TEST_TOKEN_ABI,
      functionName: 'transfer',
      args: [address, parseAmountOrThrow(AMOUNT, 'usdt')],
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');

    // One block so far: "Confirming 1/3" in the records, not credited.
    await reloadUntil(page, `Confirming 1/${REQUIRED}`);
    const record = page.locator('.adm-list-item').filter({ hasText: 'USDT' }).first();
    await record.getByText(`Confirming 1/${REQUIRED}`).waitFor();
    await record.getByText(/25\.00/).waitFor();
    // The network by its name, not its key.
    await record.getByText('USDT-ERC20', { exact: true }).waitFor();
    expect(await record.getByText('erc20', { exact: true }).count()).toBe(0);
    await shotBothSchemes(page, 'usdt-recharge-confirming');

    // The record opens its detail: the transaction, the address, n/N.
    await record.click();
    await waitForRoute(page, (h) => h.startsWith(DEPOSIT_DETAIL));
    await page.getByText(hash, { exact: true }).waitFor();
    await page.getByText(address, { exact: true }).waitFor();
    await page.getByText(`1 of ${REQUIRED} confirmations`).waitFor();
    await page.getByRole('button', { name: 'Copy Transaction hash' }).waitFor();
    await shotBothSchemes(page, 'usdt-deposit-detail-confirming');

    // One more block: the open page moves to 2/3 by itself (the funding push), not credited.
    await mine(1);
    await page.getByText(`2 of ${REQUIRED} confirmations`).waitFor({ timeout: 20_000 });
    await page.getByText(`Confirming 2/${REQUIRED}`).waitFor();
    const detailUrl = page.url();
    await open(page, baseUrl, ASSET);
    expect(await usdtTotal(page)).toBe(before);
    await page.goto(detailUrl);
    await page.getByText(`2 of ${REQUIRED} confirmations`).waitFor();

    // The last block: credited on the open page, with its time.
    await mine(1);
    await page.locator('[data-status="credited"]').waitFor({ timeout: 20_000 });
    await page.getByText('Credited to your USDT balance.').waitFor();
    await shotBothSchemes(page, 'usdt-deposit-detail-credited');
    await reloadUntil(page, 'Credited');
    expect(await page.locator('[data-status="confirming"]').count()).toBe(0);
    await shotBothSchemes(page, 'usdt-recharge-credited');

    // More blocks change nothing: one credit.
    await mine(3);
    await open(page, baseUrl, ASSET);
    await expect
      .poll(() => usdtTotal(page), { timeout: 20_000 })
      .toBe(before + parseAmountOrThrow(AMOUNT, 'usdt'));
    await page.waitForTimeout(1500); // a few watcher passes after the extra blocks
    await page.reload();
    expect(await usdtTotal(page)).toBe(before + parseAmountOrThrow(AMOUNT, 'usdt'));
    expectNoConsoleErrors(errors);
  }, 180_000);
});

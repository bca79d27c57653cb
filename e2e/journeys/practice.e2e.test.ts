import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  expectNoConsoleErrors,
  expectTitle,
  open,
  shotBothSchemes,
  signUp,
  waitForRoute,
} from '../support/app.js';
import { adminShots, adminUrl, firstSignIn, pageTitle, useBackOffice } from '../support/admin.js';
import { createStaff, credit } from '../support/ops.js';

const baseUrl = inject('baseUrl');

const TRADE = '/app/pages/tabbar/trade/index';
const ASSET = '/app/pages/tabbar/asset/index';
const ORDERS = '/app/pages/user/order/index';

/** A 30 s order settles about a second after expiry; the rest is the page catching up. */
const SETTLE_WITHIN_MS = 45_000;
const JOURNEY_TIMEOUT_MS = 150_000;

/** The practice book's starting balance (setting `practice.start`, default 10,000 USDT). */
const START = '10,000.00 USDT';

/** The practice balance a settled 100 USDT order at 80 % leaves from 10,000 (trading-rules.md). */
const PRACTICE_AFTER: Record<string, string> = {
  won: '10,080.00 USDT',
  lost: '9,900.00 USDT',
  tie: START,
  void: START,
};

/** The back office's net practice result of that one order, in USDT's six places. */
const PRACTICE_NET: Record<string, string> = {
  won: '+80.000000 USDT',
  lost: '-100.000000 USDT',
  tie: '+0.000000 USDT',
  void: '+0.000000 USDT',
};

const shotBoth = (page: Page, name: string) => shotBothSchemes(page, `practice-${name}`);

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

/** GET user/balance with the session the page holds: the real money, as the server has it. */
async function realBalance(page: Page): Promise<unknown> {
  const answer = await page.evaluate(async () => {
    const raw = localStorage.getItem('ampere.token') ?? '{}';
    const token = (JSON.parse(raw) as { v?: string }).v ?? '';
    const res = await fetch('/api/v1/user/balance', {
      headers: { authorization: `Bearer ${token}` },
    });
    return JSON.stringify(await res.json());
  });
  const body = JSON.parse(answer) as { code: number; data: unknown };
  expect(body.code, answer).toBe(0);
  return body.data;
}

describe('practice', () => {
  const { phone, desk, errors } = useBackOffice();
  let username = '';
  let practiceNet = '';

  it(
    'a new user trades the practice book, follows the order to its receipt and resets it; the real balance never moves',
    async () => {
      const page = await phone();
      username = await signUp(page, baseUrl);
      await credit(username, '1000', 'money');
      await credit(username, '50', 'usdt');
      await open(page, baseUrl, TRADE);
      const before = await realBalance(page);
      expect(before).toMatchObject({
        money: { available: '1000.00' },
        usdt: { available: '50.000000' },
      });

      // Practice on the Trade tab: amber, named, its own balance, USDT only.
      await page.getByTestId('book-practice').click();
      expect(await page.getByTestId('book-practice').getAttribute('aria-checked')).toBe('true');
      const card = page.getByTestId('practice-card');
      await expect.poll(() => textOf(card.getByTestId('practice-available'))).toBe(START);
      expect(await textOf(card)).toContain('PRACTICE');
      expect(await textOf(card)).toContain('not real money');
      await page.getByTestId('quote-price').waitFor();
      await expect
        .poll(() => textOf(page.getByTestId('trade-available')))
        .toBe('Available 10,000 USDT');
      await shotBoth(page, 'trade');
      await page.getByTestId('period-30').click();
      await page.getByLabel('Amount', { exact: true }).fill('100');
      expect(await textOf(page.getByTestId('expected-profit'))).toBe('+80 USDT');
      expect(await textOf(page.getByTestId('practice-ticket'))).toContain('Practice');
      await page.getByRole('button', { name: 'Buy more' }).scrollIntoViewIfNeeded();
      await shotBoth(page, 'ticket');

      // The confirmation says Practice above the order.
      await page.getByRole('button', { name: 'Buy more' }).click();
      const confirm = page
        .getByRole('dialog', { name: 'Confirm order' })
        .getByTestId('order-confirm');
      await confirm.waitFor();
      await waitForRoute(page, (hash) => hash.includes('book=practice'));
      await confirm.getByTestId('practice-card').waitFor();
      expect(await textOf(confirm.getByTestId('confirm-amount'))).toBe('100 USDT');
      await shotBoth(page, 'confirm');

      await confirm.getByRole('button', { name: 'Confirm' }).click();
      const route = await waitForRoute(page, (hash) => /orderDialog\?id=\d+$/.test(hash));
      const orderId = /id=(\d+)$/.exec(route)?.[1] ?? '';
      const details = page.getByRole('dialog', { name: 'Order details' });
      await details.getByTestId('order-countdown').waitFor();
      await expect
        .poll(() => textOf(details.getByTestId('practice-available')))
        .toBe('9,900.00 USDT');
      await shotBoth(page, 'countdown');

      // The result: tagged Practice, the practice balance it left.
      const result = details.getByTestId('order-result');
      await result.waitFor({ timeout: SETTLE_WITHIN_MS });
      const outcome = (await result.getAttribute('data-outcome')) ?? '';
      expect(Object.keys(PRACTICE_AFTER)).toContain(outcome);
      practiceNet = PRACTICE_NET[outcome] ?? '';
      expect(await textOf(result.getByTestId('practice-tag'))).toBe('Practice');
      await expect
        .poll(() => textOf(details.getByTestId('result-balance')))
        .toBe(PRACTICE_AFTER[outcome]?.replace('.00 ', ' '));
      await expect
        .poll(() => textOf(details.getByTestId('practice-available')))
        .toBe(PRACTICE_AFTER[outcome]);
      expect(await textOf(result)).toContain('Practice balance');
      await shotBoth(page, 'result');

      // Order records on Practice: the order among the closed ones, with its receipt.
      await details.getByRole('button', { name: 'Order records' }).click();
      await waitForRoute(page, (hash) => hash === ORDERS);
      await expectTitle(page, 'Order records');
      expect(await page.getByTestId('book-practice').getAttribute('aria-checked')).toBe('true');
      await page.getByRole('tab', { name: 'Closed' }).click();
      const row = page.locator(`[data-testid="order-card"][data-order="${orderId}"]`);
      await row.waitFor();
      expect(await textOf(row.getByTestId('practice-tag'))).toBe('Practice');
      await row.click();
      const receipt = page.getByRole('dialog', { name: 'Order receipt' });
      await receipt.getByTestId('receipt').waitFor();
      expect(await textOf(receipt.getByTestId('practice-tag'))).toBe('Practice');
      await receipt.getByRole('button', { name: 'Verify' }).click();
      await receipt.getByTestId('verification').waitFor();
      expect(await receipt.getByTestId('verification').getAttribute('data-ok')).toBe('true');
      await shotBoth(page, 'receipt');
      await page.locator('.adm-popup-close-icon').last().click();
      await receipt.waitFor({ state: 'hidden' });

      // The real account's records hold no practice order.
      await page.getByTestId('book-real').click();
      await page.getByText('No closed orders yet').waitFor();
      expect(await row.count()).toBe(0);
      await page.getByTestId('book-practice').click();

      // The Asset tab on Practice: the full card, reset back to the starting balance.
      await open(page, baseUrl, ASSET);
      const full = page.getByTestId('practice-card');
      await expect
        .poll(() => textOf(full.getByTestId('practice-available')))
        .toBe(PRACTICE_AFTER[outcome]);
      // The real statement is not listed under the practice book.
      expect(await page.getByText('Recent details').count()).toBe(0);
      await shotBoth(page, 'asset');
      await full.getByTestId('practice-reset').click();
      await full.getByText('Practice balance reset').waitFor();
      await expect.poll(() => textOf(full.getByTestId('practice-available'))).toBe(START);
      expect(await textOf(full)).toMatch(/Next reset from/);
      await shotBoth(page, 'asset-reset');

      // A second reset within the hour is refused with the server's words.
      await full.getByTestId('practice-reset').click();
      await full.getByRole('alert').waitFor();
      expect(await textOf(full.getByRole('alert'))).toMatch(/hour|minute/i);

      // Real money, on the Asset tab and from the server: exactly what was credited.
      await page.getByTestId('book-real').click();
      await expect
        .poll(() => textOf(page.getByTestId('balance-money').getByLabel(/Total/)))
        .toBe('1,000.00');
      expect(await textOf(page.getByTestId('balance-usdt').getByLabel(/Total/))).toBe('50.00');
      await page.getByText('Recent details').waitFor();
      await shotBoth(page, 'asset-real');
      expect(await realBalance(page)).toEqual(before);
      // The refused second reset is the browser's logged 409; it is the expected outcome here.
      expectNoConsoleErrors(errors.filter((e) => !e.includes('status of 409 (Conflict)')));
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('the back office shows the practice book and its order apart from real money', async () => {
    const support = await createStaff(`practicesupport${Date.now().toString(36)}`, 'support');
    const desk1 = await desk();
    await firstSignIn(desk1, baseUrl, support.username, support.oneTimePassword, 'Staffpass1');
    await desk1.goto(adminUrl(baseUrl, '/users'));
    await pageTitle(desk1, 'Users').waitFor();
    await desk1.getByPlaceholder('UID, username or invite code').fill(username);
    await desk1.getByRole('button', { name: /Query|Search/ }).click();
    const row = desk1.locator('.ant-table-row').filter({ hasText: username });
    await row.getByRole('link').click();
    await pageTitle(desk1, new RegExp(`^${username} · \\d+$`)).waitFor();

    // Real orders: none (the only order was practice).
    await desk1.getByRole('tab', { name: 'Orders' }).click();
    await desk1.locator('.ant-empty').first().waitFor();

    await desk1.getByRole('tab', { name: 'Practice' }).click();
    const practice = desk1.getByTestId('user-practice');
    await practice
      .getByText('Virtual USDT: never part of real balances', { exact: false })
      .waitFor();
    await practice.getByText('10,000.000000 USDT').first().waitFor();
    await practice.getByText(practiceNet).waitFor();
    await practice.locator('.ant-table-row').first().waitFor();
    expect(await practice.locator('.ant-table-row').count()).toBe(1);
    await adminShots(desk1, 'user-practice');
    // The first part's refused second reset is the browser's logged 409 (expected there).
    expectNoConsoleErrors(errors.filter((e) => !e.includes('status of 409 (Conflict)')));
  });
});

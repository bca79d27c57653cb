import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  expectNoConsoleErrors,
  expectTitle,
  open,
  signUp,
  waitForRoute,
  shotBothSchemes,
} from '../support/app.js';
import { credit } from '../support/ops.js';
import { usePhones } from '../support/phones.js';
import { orderUpToConfirm } from '../support/trade.js';

const baseUrl = inject('baseUrl');

const TRADE = '/app/pages/tabbar/trade/index';
const ORDER_DIALOG = '/app/pages/trade/orderDialog';
const ORDERS = '/app/pages/user/order/index';
const SETTING = '/app/pages/user/setting/index';
const LIMITS = '/app/pages/user/setting/tradeLimits';

/**
 * A 30 s order settles about a second after expiry, once a later tick exists (the simulated feed
 * ticks twice a second); the rest is the page catching up.
 */
const SETTLE_WITHIN_MS = 45_000;
/** Buying waits for a whole order to run its course. */
const JOURNEY_TIMEOUT_MS = 150_000;

/** Screenshots in both themes; the page follows the emulated system scheme. */
const shotBoth = (page: Page, name: string) => shotBothSchemes(page, `trading-${name}`);

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

/** The balance a settled 100 CNY order at 80 % leaves from 1,000 CNY (docs/trading-rules.md). */
const BALANCE_AFTER: Record<string, string> = {
  won: '1,080 CNY', // 1000 − 100 + 180
  lost: '900 CNY', // 1000 − 100 + 0
  tie: '1,000 CNY', // 1000 − 100 + 100
  void: '1,000 CNY',
};
const RESULT_AMOUNT: Record<string, string> = {
  won: '+80 CNY',
  lost: '-100 CNY',
  tie: '100 CNY refunded',
  void: '100 CNY refunded',
};

describe('trading', () => {
  const { phone, errors } = usePhones();

  it(
    'buys from the Trade tab, follows the order to its result, and verifies its receipt',
    async () => {
      const page = await phone();
      const username = await signUp(page, baseUrl);
      await credit(username, '1000', 'money');

      // The Trade tab: pick BTC/USDT through the product list; the choice is remembered.
      await open(page, baseUrl, TRADE);
      await page.getByRole('button', { name: /Products/ }).click();
      const products = page.getByRole('dialog', { name: 'Products' });
      await products.locator('[data-testid="market-row"][data-symbol="BTC/USDT"] a').click();
      await products.waitFor({ state: 'detached' });
      await waitForRoute(page, (hash) => hash === TRADE);
      await page.getByRole('button', { name: /BTC\/USDT/ }).waitFor();
      await page.reload();
      await page.getByRole('button', { name: /BTC\/USDT/ }).waitFor();
      await page.getByTestId('quote-price').waitFor();
      await page.getByTestId('sparkline').waitFor();
      const available = page.getByTestId('trade-available');
      await expect.poll(() => textOf(available)).toBe('Available 1,000 CNY');

      // The ticket: 30 s at 80 %, a quick amount, the exact expected profit, the rules.
      await page.getByTestId('period-30').click();
      expect(await page.getByTestId('period-30').getAttribute('aria-label')).toBe(
        '30s, 80% payout',
      );
      await page.getByRole('button', { name: '100', exact: true }).click();
      expect(await textOf(page.getByTestId('expected-profit'))).toBe('+80 CNY');
      expect(await textOf(page.getByTestId('expected-payout'))).toBe('180 CNY');
      const rules = page.getByTestId('rules-summary');
      expect(await textOf(rules)).toContain('A win pays your stake back plus 80% of it.');
      expect(await textOf(rules)).toContain('refunds your stake');
      await shotBoth(page, 'tab');
      await page.getByRole('button', { name: 'Buy more' }).scrollIntoViewIfNeeded();
      await shotBoth(page, 'tab-ticket');

      await rules.getByRole('button', { name: 'Trading rules' }).click();
      const sheet = page.getByRole('dialog', { name: 'Trading rules' });
      await sheet.getByText('Checking an order').waitFor();
      await shotBoth(page, 'rules');
      await page.locator('.adm-popup-close-icon').last().click();
      await sheet.waitFor({ state: 'hidden' });

      // The spec's validation messages, before anything is sent.
      const amount = page.getByLabel('Amount', { exact: true });
      await amount.fill('5');
      await page.getByRole('button', { name: 'Buy more' }).click();
      await page
        .getByRole('alert')
        .getByText('The purchase quantity needs to be between 10-50,000')
        .waitFor();
      await amount.fill('10.001');
      await page.getByRole('alert').getByText('Please enter a valid amount').waitFor();
      await amount.fill('5000');
      await page.getByRole('alert').getByText('Insufficient balance').waitFor();
      await amount.fill('100');
      await page.getByRole('alert').waitFor({ state: 'detached' });

      // Confirm: the order as it will be placed.
      await page.getByRole('button', { name: 'Buy more' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm order' });
      const confirm = dialog.getByTestId('order-confirm');
      await confirm.waitFor();
      await waitForRoute(page, (hash) => hash.startsWith(`${ORDER_DIALOG}?symbol=BTC%2FUSDT`));
      expect(await textOf(confirm.getByTestId('confirm-amount'))).toBe('100 CNY');
      expect(await textOf(confirm.getByTestId('confirm-profit'))).toBe('+80 CNY');
      expect(await textOf(confirm)).toContain('Buy more');
      expect(await textOf(confirm)).toContain('The latest price when the order is accepted');
      expect(await textOf(confirm)).toContain('refunds your stake');
      await shotBoth(page, 'confirm');

      // The countdown against the strike.
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      const route = await waitForRoute(page, (hash) => /orderDialog\?id=\d+$/.test(hash));
      const orderId = /id=(\d+)$/.exec(route)?.[1] ?? '';
      const countdown = page.getByTestId('order-countdown');
      await countdown.waitFor();
      expect(await textOf(page.getByTestId('countdown-seconds'))).toMatch(/^0:[0-3]\d$/);
      expect(await textOf(page.getByTestId('order-strike'))).toMatch(/^\d{1,3}(,\d{3})*\.\d+$/);
      expect(await page.getByTestId('order-standing').textContent()).toMatch(
        /Winning now|Losing now|Level with the strike/,
      );
      await shotBoth(page, 'countdown');

      // The result, pushed (or polled) once the order settles, with the balance it left.
      const result = page.getByTestId('order-result');
      await result.waitFor({ timeout: SETTLE_WITHIN_MS });
      const outcome = (await result.getAttribute('data-outcome')) ?? '';
      expect(Object.keys(BALANCE_AFTER)).toContain(outcome);
      expect(await textOf(page.getByTestId('result-amount'))).toBe(RESULT_AMOUNT[outcome]);
      await expect
        .poll(() => textOf(page.getByTestId('result-balance')))
        .toBe(BALANCE_AFTER[outcome]);
      await shotBoth(page, 'result');

      // Order records: nothing trading any more, the order among the closed ones.
      await page.getByRole('button', { name: 'Order records' }).click();
      await waitForRoute(page, (hash) => hash === ORDERS);
      await expectTitle(page, 'Order records');
      await page.getByText('No orders are trading').waitFor();
      await page.getByRole('tab', { name: 'Closed' }).click();
      const card = page.locator(`[data-testid="order-card"][data-order="${orderId}"]`);
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe(outcome);
      expect(await textOf(card)).toContain('BTC/USDT');
      await shotBoth(page, 'records-closed');

      // The receipt: strike and exit ticks with their hashes; Verify walks the chain again.
      await card.click();
      const receipt = page.getByRole('dialog', { name: 'Order receipt' });
      await receipt.getByTestId('receipt').waitFor();
      expect(await textOf(receipt.getByTestId('strike-hash'))).toMatch(/^[0-9a-f]{8}…[0-9a-f]{8}$/);
      if (outcome !== 'void') {
        expect(await textOf(receipt.getByTestId('exit-hash'))).toMatch(/^[0-9a-f]{8}…[0-9a-f]{8}$/);
      }
      await receipt.getByRole('button', { name: 'Verify' }).click();
      const verification = receipt.getByTestId('verification');
      await verification.waitFor();
      expect(await verification.getAttribute('data-ok')).toBe('true');
      expect(await textOf(verification)).toMatch(/Chain verified.*Ticks checked: [1-9]\d*/);
      await shotBoth(page, 'receipt');
      expectNoConsoleErrors(errors);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sets a daily limit in Setting, and the next order is refused with the server’s words',
    async () => {
      const page = await phone();
      const username = await signUp(page, baseUrl);
      await credit(username, '1000', 'money');

      await open(page, baseUrl, SETTING);
      await page.getByText('Responsible trading').click();
      await waitForRoute(page, (hash) => hash === LIMITS);
      await expectTitle(page, 'Responsible trading');
      await page.getByTestId('today-orders').waitFor();
      expect(await textOf(page.getByTestId('today-orders'))).toBe('0');

      // A count the server would refuse is caught first.
      const trades = page.getByLabel('Daily number of orders');
      await trades.fill('0');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Please enter a whole number from 1 to 9999').waitFor();
      await trades.fill('1');
      await page.getByLabel('Daily loss limit (CNY)').fill('500');
      await page.getByRole('button', { name: 'Save' }).click();
      const saved = page.locator('.adm-toast-main').getByText('Saved', { exact: true });
      await saved.waitFor();
      await saved.waitFor({ state: 'detached' });
      await shotBoth(page, 'limits');

      // One order today is allowed; the second is refused until tomorrow.
      const confirm = await orderUpToConfirm(page, baseUrl, {
        symbol: 'ETH/USDT',
        side: 'Buy less',
        periodS: 30,
        amount: '10',
      });
      expect(await textOf(confirm)).toContain('Buy less');
      expect(await textOf(confirm.getByTestId('confirm-amount'))).toBe('10 CNY');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.getByTestId('order-countdown').waitFor();

      await open(page, baseUrl, TRADE);
      await page.getByTestId('trade-available').waitFor();
      await page.getByRole('button', { name: '10', exact: true }).click();
      await page.getByRole('button', { name: 'Buy more' }).click();
      const second = page.getByRole('dialog', { name: 'Confirm order' });
      await second.getByRole('button', { name: 'Confirm' }).click();
      await second
        .getByRole('alert')
        .getByText('You have reached the daily number of trades you set. Trading resumes tomorrow')
        .waitFor();
      // The refused order changed nothing: still one running.
      await open(page, baseUrl, ORDERS);
      await expect.poll(() => page.getByTestId('order-card').count()).toBe(1);
      expect(await textOf(page.getByTestId('card-countdown'))).toMatch(/^0:[0-3]\d$/);
      await shotBoth(page, 'records-trading');
      // The browser logs the refusal's 409 answer itself; it is the expected outcome here.
      expectNoConsoleErrors(errors.filter((e) => !e.includes('status of 409 (Conflict)')));
    },
    JOURNEY_TIMEOUT_MS,
  );
});

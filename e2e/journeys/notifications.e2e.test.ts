import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  expectNoConsoleErrors,
  expectTitle,
  open,
  shotBothSchemes,
  signUp,
  waitForRoute,
} from '../support/app.js';
import { credit } from '../support/ops.js';
import { usePhones } from '../support/phones.js';
import { orderUpToConfirm } from '../support/trade.js';

const baseUrl = inject('baseUrl');

const HOME = '/app/pages/tabbar/index/index';
const INBOX = '/app/pages/user/inbox/index';

/**
 * A 30 s order settles about a second after expiry, once a later tick exists (the simulated feed
 * ticks twice a second); the push reaches the bell right after that commit.
 */
const SETTLE_WITHIN_MS = 45_000;
const JOURNEY_TIMEOUT_MS = 150_000;

const shotBoth = (page: Page, name: string) => shotBothSchemes(page, `notifications-${name}`);

/** The settled order's title, whichever way the price went (docs/trading-rules.md). */
const TITLES = /^(Order won|Order lost|Order ended level|Order void)$/;

describe('notifications', () => {
  const { phone, errors } = usePhones();

  it(
    'an order settles → the bell shows one unread, live → the inbox has it → read → the badge is gone',
    async () => {
      const page = await phone();
      const username = await signUp(page, baseUrl);
      await credit(username, '1000', 'money');

      // Home's bell: nothing yet.
      await open(page, baseUrl, HOME);
      const bell = page.getByTestId('inbox-bell');
      await bell.waitFor();
      expect(await bell.getAttribute('aria-label')).toBe('Notifications');

      // A 30 s order of 100 CNY on BTC/USDT, placed from the product page.
      const confirm = await orderUpToConfirm(page, baseUrl, {
        symbol: 'BTC/USDT',
        side: 'Buy more',
        periodS: 30,
        amount: '100',
      });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      const route = await waitForRoute(page, (hash) => /orderDialog\?id=\d+$/.test(hash));
      const orderId = /id=(\d+)$/.exec(route)?.[1] ?? '';

      // Back Home while it runs; the badge comes with the settlement's push, without a reload
      // (the marker set on this document survives only if the page is never loaded again).
      await open(page, baseUrl, HOME);
      await bell.waitFor();
      await page.evaluate(() => {
        (window as { journeyMarker?: number }).journeyMarker = 1;
      });
      await page
        .getByRole('button', { name: 'Notifications: 1' })
        .waitFor({ timeout: SETTLE_WITHIN_MS });
      expect(await bell.textContent()).toBe('1');
      expect(await page.evaluate(() => (window as { journeyMarker?: number }).journeyMarker)).toBe(
        1,
      );
      await shotBoth(page, 'bell');

      // The inbox: the settled order, unread, with its result in words.
      await bell.click();
      await waitForRoute(page, (hash) => hash === INBOX);
      await expectTitle(page, 'Notifications');
      const item = page.getByTestId('notification');
      await item.waitFor();
      expect(await item.count()).toBe(1);
      expect(await item.getAttribute('data-kind')).toBe('order_settled');
      expect(await item.getAttribute('data-read')).toBe('false');
      expect(await page.getByTestId('inbox-unread').textContent()).toBe('1 unread');
      const text = (await item.textContent()) ?? '';
      expect(text).toContain('BTC/USDT Buy more, 100.00 CNY:');
      expect(text).toMatch(/Moment ago/);
      expect(((await item.locator('[data-read]').first().textContent()) ?? '').trim()).toMatch(
        TITLES,
      );
      await shotBoth(page, 'inbox');

      // A tap marks it read and opens the order, settled.
      await item.click();
      await waitForRoute(page, (hash) => hash.includes(`orderDialog?id=${orderId}`));
      await page.getByTestId('order-result').waitFor();
      await page.goBack();
      await waitForRoute(page, (hash) => hash === INBOX);
      await expect.poll(() => item.getAttribute('data-read')).toBe('true');
      await page.getByTestId('inbox-unread').getByText('All read').waitFor();
      await shotBoth(page, 'inbox-read');

      // Home again, in the same document: the badge is gone.
      await page.evaluate((home) => {
        window.location.hash = `#${home}`;
      }, HOME);
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      expect(await bell.textContent()).toBe('');
      expect(await page.evaluate(() => (window as { journeyMarker?: number }).journeyMarker)).toBe(
        1,
      );
      expectNoConsoleErrors(errors);
    },
    JOURNEY_TIMEOUT_MS,
  );
});

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoConsoleErrors, open, shotBothSchemes, signUp } from '../support/app.js';
import { adminShots, adminUrl, firstSignIn, pageTitle, useBackOffice } from '../support/admin.js';
import { createStaff, credit } from '../support/ops.js';
import { orderUpToConfirm } from '../support/trade.js';

const baseUrl = inject('baseUrl');

const MINE = '/app/pages/tabbar/mine/index';

/** A 30 s order settles about a second after expiry (the simulated feed ticks twice a second). */
const SETTLE_WITHIN_MS = 45_000;
const JOURNEY_TIMEOUT_MS = 150_000;

const shotBoth = (page: Page, name: string) => shotBothSchemes(page, `levels-${name}`);

describe('member levels', () => {
  const { phone, desk, errors } = useBackOffice();

  it(
    "Mine shows the level and what the next one needs; a settled order's stake counts at once",
    async () => {
      const page = await phone();
      const username = await signUp(page, baseUrl);
      await credit(username, '1000', 'money');

      // Nothing traded or deposited: Ordinary, and Junior's shipped thresholds in full
      // (10,000 CNY or 1,500 USDT of volume; no deposits asked).
      await open(page, baseUrl, MINE);
      const card = page.getByRole('region', { name: 'Member level' });
      await card.waitFor();
      expect(await card.textContent()).toContain('Ordinary');
      await card.getByText('Next: Junior').waitFor();
      await card.getByText('trade 10,000.00 CNY more').waitFor();
      await card.getByText('trade 1,500.00 USDT more').waitFor();
      await card.getByText('0%').waitFor();

      // A 30 s order of 100 CNY, placed from the product page.
      const confirm = await orderUpToConfirm(page, baseUrl, {
        symbol: 'BTC/USDT',
        side: 'Buy more',
        periodS: 30,
        amount: '100',
      });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      const result = page.getByTestId('order-result');
      await result.waitFor({ timeout: SETTLE_WITHIN_MS });
      const voided = (await result.getAttribute('data-outcome')) === 'void';

      // Settled: its stake is traded volume (unless the order was void: no price in its window).
      // 10,000.00 − 100.00 = 9,900.00 still to trade; 100.00 / 10,000.00 = 1 %.
      await open(page, baseUrl, MINE);
      await card.waitFor();
      if (!voided) {
        await card.getByText('Traded 100.00 CNY · Deposited 0.00 CNY').waitFor();
        await card.getByText('trade 9,900.00 CNY more').waitFor();
        await card.getByText('1%').waitFor();
      }
      await shotBoth(page, 'mine');
      expectNoConsoleErrors(errors);
    },
    JOURNEY_TIMEOUT_MS,
  );
  it(
    "support sets a floor from the back office: the profile shows it, Set level opens on it, the user's card follows",
    async () => {
      const page = await phone();
      const username = await signUp(page, baseUrl);
      const support = await createStaff(`levelsupport${Date.now().toString(36)}`, 'support');
      const office = await desk();
      await firstSignIn(office, baseUrl, support.username, support.oneTimePassword, 'Staffpass1');
      await office.goto(adminUrl(baseUrl, '/users'));
      await pageTitle(office, 'Users').waitFor();
      await office.getByPlaceholder('UID, username or invite code').fill(username);
      await office.getByRole('button', { name: /Query|Search/ }).click();
      await office
        .locator('.ant-table-row')
        .filter({ hasText: username })
        .getByRole('link')
        .click();
      await pageTitle(office, new RegExp(`^${username} · \\d+$`)).waitFor();

      // Junior as a floor, with a reason; the profile says so beside the level in force.
      await office.getByRole('button', { name: 'Set level' }).click();
      const dialog = office.getByRole('dialog');
      await dialog.locator('.ant-select-selector').click();
      await office.locator('.ant-select-item-option').filter({ hasText: 'Junior' }).click();
      await dialog
        .getByPlaceholder('Why, e.g. the ticket number')
        .fill('loyal customer, ticket 51');
      await dialog.getByRole('button', { name: 'Set level' }).click();
      await office.getByText('Set by staff: never below Junior').waitFor();
      await adminShots(office, 'levels-floor');

      // Asked again, the dialog starts from the floor.
      await office.getByRole('button', { name: 'Set level' }).click();
      await office
        .getByRole('dialog')
        .locator('.ant-select-selection-item', { hasText: 'Junior' })
        .waitFor();
      await office.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      // The user's Mine card shows Junior.
      await open(page, baseUrl, MINE);
      const card = page.getByRole('region', { name: 'Member level' });
      await card.getByText('Junior', { exact: false }).first().waitFor();
      expect(await card.textContent()).not.toContain('Ordinary');
      expectNoConsoleErrors(errors);
    },
    JOURNEY_TIMEOUT_MS,
  );
});

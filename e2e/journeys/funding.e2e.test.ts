import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  adminShots,
  adminUrl,
  firstSignIn,
  pageTitle,
  settled,
  useBackOffice,
} from '../support/admin.js';
import {
  expectNoConsoleErrors,
  open,
  shotBothSchemes,
  signUp,
  waitForRoute,
} from '../support/app.js';
import { solidPng } from '../../apps/server/src/modules/uploads/testing.js';
import { createStaff } from '../support/ops.js';

const baseUrl = inject('baseUrl');

const P = '/app/pages/user';
const BIND_CARDS = `${P}/setting/bindCards`;
const FUND_PASSWORD = `${P}/setting/mpwd`;
const RECHARGE = `${P}/recharge/index`;
const RECHARGE_LIST = `${P}/recharge/list`;
const WITHDRAW = `${P}/withdraw/index`;
const WITHDRAW_LIST = `${P}/withdraw/list`;
const EXCHANGE = `${P}/exchange/index`;

const run = Date.now().toString(36).slice(-6);
const APPROVER = `fa${run}`;
const PAYER = `fp${run}`;
const STAFF_PASSWORD = 'Backoffice2025';
const FUND = '246810';
const REFERENCE = `BANK-${run.toUpperCase()}`;
const PAYOUT = `PAYOUT-${run.toUpperCase()}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A user-app form field by its whole label (antd-mobile marks a required one with "*"). */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^\\*?\\s*${escapeRegExp(label)}\\s*\\*?$`));
const userToast = (page: Page, text: string) =>
  page.locator('.adm-toast-main').getByText(text, { exact: true });
const staffToast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice').getByText(text);
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
/** A label-value row of the user app (InfoRows), by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

/** A step of this journey: several sign-ins and round trips on a shared machine. */
const STEP_MS = 180_000;

describe('funding', () => {
  const { desk, phone, errors } = useBackOffice();

  let approver: Page;
  let payer: Page;
  let user: Page;

  it(
    'signs two finance members in; one adds a receiving account, opens the window and sets a rate',
    async () => {
      const [a, p] = await Promise.all([
        createStaff(APPROVER, 'finance'),
        createStaff(PAYER, 'finance'),
      ]);
      approver = await desk();
      await firstSignIn(approver, baseUrl, APPROVER, a.oneTimePassword, STAFF_PASSWORD);
      payer = await desk();
      await firstSignIn(payer, baseUrl, PAYER, p.oneTimePassword, STAFF_PASSWORD);

      await approver.goto(adminUrl(baseUrl, '/funding'));
      await pageTitle(approver, 'Funding switches').waitFor();
      await approver.getByRole('button', { name: /Add account$/ }).click();
      const dialog = approver.getByRole('dialog');
      await dialog.getByLabel('Bank', { exact: true }).fill('Ampere Settlement Bank');
      await dialog.getByLabel('Account name', { exact: true }).fill('Ampere Ltd');
      await dialog.getByLabel('Account number', { exact: true }).fill('6222020200112233445');
      await dialog.getByLabel('Branch', { exact: true }).fill('Central');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await row(approver, '6222020200112233445').waitFor();

      // Withdrawals all day, whatever time the journey runs at.
      const rules = approver.locator('.ant-pro-card').filter({ hasText: 'Funding rules' });
      await rules.getByLabel('Window from (HH:MM)').fill('00:00');
      await rules.getByLabel('Window to (HH:MM)').fill('24:00');
      await rules.getByRole('button', { name: 'Save' }).click();
      await staffToast(approver, 'Saved.').last().waitFor();

      const rate = approver.locator('.ant-pro-card').filter({ hasText: 'Exchange rate' });
      await rate.getByLabel('Middle rate (CNY per USDT)').fill('7.25');
      await rate.getByLabel('Spread (basis points each side)').fill('50');
      await rate.getByRole('button', { name: 'Save' }).click();
      await rate.getByText('7.286250').waitFor();
      await settled(approver);
      await adminShots(approver, 'funding-settings');
      expectNoConsoleErrors(errors);
    },
    STEP_MS,
  );

  it(
    'a user sets a fund password and binds a card',
    async () => {
      user = await phone();
      await signUp(user, baseUrl);
      await open(user, baseUrl, FUND_PASSWORD);
      await field(user, 'Fund password').fill(FUND);
      await field(user, 'Confirm fund password').fill(FUND);
      await user.getByRole('button', { name: 'Confirm' }).click();
      await userToast(user, 'Fund password changed').waitFor();

      await open(user, baseUrl, BIND_CARDS);
      await shotBothSchemes(user, 'funding-bind-card-empty');
      await field(user, 'Account name').fill('Li Lei');
      await field(user, 'Bank').fill('ICBC');
      await field(user, 'Card number').fill('4111 1111 1111 1111');
      await field(user, 'Branch').fill('Pudong');
      await user.getByRole('button', { name: 'Bind card' }).click();
      await userToast(user, 'Bank card saved').waitFor();
      await figure(user, 'Card number').getByText('1111').waitFor();
      await shotBothSchemes(user, 'funding-bind-card');
      expectNoConsoleErrors(errors);
    },
    STEP_MS,
  );

  it(
    'recharges by bank transfer; finance confirms it; the balance goes up',
    async () => {
      await open(user, baseUrl, RECHARGE);
      await user.getByText('6222020200112233445').waitFor();
      await shotBothSchemes(user, 'funding-recharge-bank');
      await field(user, 'Amount (CNY)').fill('1000');
      await field(user, 'Payer name').fill('Li Lei');
      await field(user, 'Transfer reference').fill(REFERENCE);
      // The bank's receipt, optional: uploaded (purpose recharge_proof), previewed, then attached.
      await user.getByTestId('recharge-proof-input').setInputFiles({
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: await solidPng(360, 480, '#3a7bd5'),
      });
      await user.getByTestId('recharge-proof').locator('img').waitFor();
      await user.getByRole('button', { name: 'Change' }).waitFor();
      await shotBothSchemes(user, 'funding-recharge-proof');
      await user.getByRole('button', { name: 'I have transferred' }).click();
      await waitForRoute(user, (hash) => hash.startsWith(`${P}/recharge/detail`));
      await user.getByText('Pending review').first().waitFor();
      await user.getByRole('img', { name: 'Transfer receipt' }).waitFor();
      await shotBothSchemes(user, 'funding-recharge-detail-pending');

      await approver.goto(adminUrl(baseUrl, '/recharges'));
      await pageTitle(approver, 'Recharge review').waitFor();
      const pending = row(approver, REFERENCE);
      await pending.waitFor();
      // Finance sees the receipt: a thumbnail in the queue, larger on the record, loaded.
      const thumb = pending.getByRole('img', { name: 'Receipt' });
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await adminShots(approver, 'funding-recharges');
      await pending.getByRole('button', { name: /^\d+$/ }).click();
      const drawer = approver.locator('.ant-drawer-content');
      const large = drawer.getByRole('img', { name: 'Receipt' });
      await expect
        .poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await adminShots(approver, 'funding-recharge-proof');
      await drawer.getByRole('button', { name: 'Close' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await pending.getByRole('button', { name: 'Confirm' }).click();
      await approver.getByRole('tooltip').getByRole('button', { name: 'Confirm' }).click();
      await staffToast(approver, /is credited\.$/).waitFor();

      // The funding channel brings the credit to the open detail page.
      await user.locator('[data-status="credited"]').waitFor({ timeout: 20_000 });
      expect(await user.locator('.adm-step-title').count()).toBeGreaterThanOrEqual(2);
      await shotBothSchemes(user, 'funding-recharge-detail-credited');
      await open(user, baseUrl, RECHARGE_LIST);
      await user.getByText(REFERENCE).waitFor();
      await shotBothSchemes(user, 'funding-recharge-list');
      expectNoConsoleErrors(errors);
    },
    STEP_MS,
  );

  it(
    'withdraws with the fee and actual arrival shown first; one member approves, another pays',
    async () => {
      await open(user, baseUrl, WITHDRAW);
      await user.getByText('Available: 1,000.00 CNY').waitFor();
      await field(user, 'Amount (CNY)').fill('500');
      // Shipped rule: 2.00 + 500.00 × 0.5% = 4.50 fee; 500.00 − 4.50 = 495.50 arrives.
      await figure(user, 'Actual arrival').getByText('495.50 CNY').waitFor();
      expect(await figure(user, 'Fee').first().textContent()).toBe('4.50 CNY');
      await field(user, 'Fund password').fill(FUND);
      await shotBothSchemes(user, 'funding-withdraw');
      await user.getByRole('button', { name: 'Next' }).click();
      const confirm = user.locator('.adm-modal');
      await confirm.getByText('495.50 CNY').waitFor();
      await confirm.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await waitForRoute(user, (hash) => hash.startsWith(`${P}/withdraw/detail`));
      await user.getByText('Pending review').first().waitFor();
      await user.getByRole('button', { name: 'Cancel withdrawal' }).waitFor();
      await shotBothSchemes(user, 'funding-withdraw-detail-pending');

      await approver.goto(adminUrl(baseUrl, '/withdrawals'));
      await pageTitle(approver, 'Withdrawals').waitFor();
      const pending = row(approver, '495.50');
      await pending.waitFor();
      await adminShots(approver, 'funding-withdrawals');
      await pending.getByRole('button', { name: 'Approve' }).click();
      await approver.getByRole('tooltip').getByRole('button', { name: 'Approve' }).click();
      await staffToast(approver, /approval recorded\.$/).waitFor();
      await user.getByText('Approved', { exact: true }).first().waitFor({ timeout: 20_000 });
      expect(await user.getByRole('button', { name: 'Cancel withdrawal' }).count()).toBe(0);

      await payer.goto(adminUrl(baseUrl, '/withdrawals'));
      await pageTitle(payer, 'Withdrawals').waitFor();
      await payer.getByRole('tab', { name: 'To pay' }).click();
      await row(payer, '495.50').getByRole('button', { name: 'Mark paid' }).click();
      const dialog = payer.getByRole('dialog');
      await dialog.getByLabel('Payout reference').fill(PAYOUT);
      await dialog.getByRole('button', { name: 'Mark paid' }).click();
      await staffToast(payer, /is paid\.$/).waitFor();

      await user.getByText(PAYOUT).waitFor({ timeout: 20_000 });
      for (const step of ['Submitted', 'Approved', 'Paid']) {
        await user.locator('.adm-step-title').getByText(step, { exact: true }).waitFor();
      }
      await shotBothSchemes(user, 'funding-withdraw-detail-paid');
      await open(user, baseUrl, WITHDRAW_LIST);
      await user.getByText('Paid', { exact: true }).first().waitFor();
      await shotBothSchemes(user, 'funding-withdraw-list');
      expectNoConsoleErrors(errors);
    },
    STEP_MS,
  );

  it('quotes an exchange with its arithmetic and a countdown', async () => {
    await open(user, baseUrl, EXCHANGE);
    await field(user, 'Amount (CNY)').fill('100');
    await user.getByRole('button', { name: 'Get a quote' }).click();
    await user
      .getByRole('timer')
      .getByText(/Valid for \d+ s/)
      .waitFor();
    await user.getByTestId('quote-arithmetic').waitFor();
    await shotBothSchemes(user, 'funding-exchange-quote');
    await user.getByRole('button', { name: 'Confirm exchange' }).click();
    await waitForRoute(user, (hash) => hash.startsWith(`${P}/exchange/detail`), 30_000);
    await user.getByText('Completed').first().waitFor();
    await shotBothSchemes(user, 'funding-exchange-detail');

    // The back office's read-only list of exchanges has it, with its journal.
    await approver.goto(adminUrl(baseUrl, '/exchanges'));
    await pageTitle(approver, 'Exchanges').waitFor();
    const done = row(approver, 'CNY → USDT').filter({ hasText: '100.00' }).first();
    await done.getByText('7.286250').waitFor();
    await settled(approver);
    await adminShots(approver, 'funding-exchanges');
    expectNoConsoleErrors(errors);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  adminShots,
  adminUrl,
  chooseOption,
  choosePassword,
  firstSignIn,
  pageTitle,
  readSetupKey,
  settled,
  submitCode,
  submitPassword,
  useBackOffice,
} from '../support/admin.js';
import { expectNoConsoleErrors, shot, signUp } from '../support/app.js';
import { createStaff, type StaffCreated } from '../support/ops.js';

const baseUrl = inject('baseUrl');

const RECHARGE = '/app/pages/user/recharge/index';
const CLOSE_TIP = 'Recharge is paused for maintenance';
/** Settings reach every server within 2 s, and a launch of the user app reads them fresh. */
const SETTING_REACHES_USERS_MS = 40_000;

const run = Date.now().toString(36).slice(-6);
const OWNER = `own${run}`;
const FINANCE = `fin${run}`;
const AUDITOR = `aud${run}`;
const STAFF_PASSWORD = 'Backoffice2025';

/** The back office's side menu. */
const menu = (page: Page) => page.locator('.ant-pro-sider');
const inMenu = (page: Page, label: string) => menu(page).getByText(label, { exact: true });

/** The antd message (toast) currently shown. */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice').getByText(text);

/** A table row by a text in it. */
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

/**
 * Adds a member on the Staff page; returns the one-time password its dialog shows once.
 */
async function addMember(page: Page, username: string, role: string): Promise<string> {
  // Buttons with an icon are named after it too ("plus Add member").
  await page.getByRole('button', { name: /Add member$/ }).click();
  const form = page.getByRole('dialog', { name: 'Add a staff member' });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await chooseOption(page, form.getByLabel('Role', { exact: true }), role);
  await form.getByText('The role decides what the member may do:').waitFor();
  await form.getByRole('button', { name: /Add member$/ }).click();

  const shown = page.getByRole('dialog', { name: `One-time password for ${username}` });
  await shown.getByText('It is shown only this once and cannot be retrieved later.').waitFor();
  const password = (await shown.getByTestId('one-time-password').locator('code').textContent())!;
  await shown.getByRole('button', { name: 'I have passed it on' }).click();
  await shown.waitFor({ state: 'hidden' });
  return password;
}

/** The funding page's card of one switch. */
const fundingCard = (page: Page, title: 'Recharge' | 'Withdrawal') =>
  page
    .locator('.ant-pro-card')
    .filter({ has: page.locator('.ant-pro-card-title').getByText(title, { exact: true }) });

/** Sets the recharge switch (and its English close tip) and saves it. */
async function saveRecharge(page: Page, open: boolean, englishTip?: string) {
  const card = fundingCard(page, 'Recharge');
  const toggle = card.getByRole('switch');
  if ((await toggle.getAttribute('aria-checked')) !== String(open)) await toggle.click();
  expect(await toggle.getAttribute('aria-checked')).toBe(String(open));
  if (englishTip !== undefined) {
    await card.getByRole('textbox', { name: 'Recharge: English' }).fill(englishTip);
  }
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await toast(page, 'Saved: every server uses it within 2 seconds.').waitFor();
  await card
    .getByText(open ? 'Open' : 'Closed', { exact: true })
    .first()
    .waitFor();
}

/**
 * Reloads the user app's page until `text` shows: the app reads its config at launch, and the
 * server has the new setting within 2 s.
 */
async function reloadUntilShown(page: Page, text: string) {
  const deadline = Date.now() + SETTING_REACHES_USERS_MS;
  for (;;) {
    try {
      await page.getByText(text, { exact: true }).waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}

/** Reloads until `text` is gone: a setting reaches every process within its refresh. */
async function reloadUntilGone(page: Page, text: string) {
  const deadline = Date.now() + SETTING_REACHES_USERS_MS;
  // The page has loaded when it shows a notice (closed, or no method offered) or the methods.
  for (;;) {
    await page
      .locator('.adm-selector, .adm-button:has-text("Contact customer service")')
      .first()
      .waitFor();
    if ((await page.getByText(text, { exact: true }).count()) === 0) return;
    if (Date.now() > deadline) throw new Error(`still shown: ${text}`);
    await page.waitForTimeout(1_000);
    await page.reload();
  }
}

describe('back office', () => {
  const { desk, phone, errors } = useBackOffice();

  // One story told in order: the owner the CLI makes adds the members who do the rest.
  let created: StaffCreated;
  let owner: Page;
  let finance: Page;
  let financePassword = '';
  let auditorPassword = '';
  let username = '';

  it('creates the first owner with the ops CLI, with a one-time password', async () => {
    created = await createStaff(OWNER, 'owner');
    expect(created).toMatchObject({ username: OWNER, role: 'owner' });
    expect(created.oneTimePassword).toMatch(/^[A-Za-z2-9]{5}-[A-Za-z2-9]{5}-[A-Za-z2-9]{5}-\w{5}$/);
  });

  it('signs the owner in: one-time password, authenticator enrolment, own password, dashboard', async () => {
    owner = await desk();
    await owner.goto(adminUrl(baseUrl));
    await owner.getByText('Staff sign-in', { exact: true }).waitFor();
    await owner.getByLabel('Username', { exact: true }).waitFor();
    await adminShots(owner, 'sign-in');

    await submitPassword(owner, OWNER, created.oneTimePassword);
    await owner.getByText('Set up two-step verification', { exact: true }).waitFor();
    const secret = await readSetupKey(owner);
    await adminShots(owner, 'enrolment');
    await submitCode(owner, secret);

    await owner.getByText('Choose your password', { exact: true }).waitFor();
    await adminShots(owner, 'password-change');
    await choosePassword(owner, created.oneTimePassword, STAFF_PASSWORD);
    await pageTitle(owner, `Welcome, ${OWNER}`).waitFor();
    await owner.getByText('Your password has been changed.').waitFor();

    // The owner's menu: staff and audit, none of the money or settings pages.
    await inMenu(owner, 'Staff').waitFor();
    await inMenu(owner, 'Audit log').waitFor();
    expect(await inMenu(owner, 'Funding switches').count()).toBe(0);
    expect(await inMenu(owner, 'Users').count()).toBe(0);
    await owner.getByText('Waiting for staff', { exact: true }).waitFor();
    await adminShots(owner, 'dashboard');
    expectNoConsoleErrors(errors);
  });

  it('adds a finance member and an auditor on the Staff page; finance signs in elsewhere', async () => {
    await owner.goto(adminUrl(baseUrl, '/staff'));
    await pageTitle(owner, 'Staff').waitFor();
    await row(owner, OWNER).getByText('you', { exact: true }).waitFor();
    financePassword = await addMember(owner, FINANCE, 'Finance');
    auditorPassword = await addMember(owner, AUDITOR, 'Auditor');
    expect(financePassword).not.toBe(auditorPassword);
    for (const name of [FINANCE, AUDITOR]) {
      await row(owner, name).getByText('No authenticator', { exact: true }).waitFor();
      await row(owner, name).getByText('One-time password', { exact: true }).waitFor();
    }
    await row(owner, FINANCE).getByText('Finance', { exact: true }).waitFor();
    await row(owner, AUDITOR).getByText('Auditor', { exact: true }).waitFor();
    await adminShots(owner, 'staff');

    await owner.getByRole('button', { name: 'Account menu' }).click();
    const signOut = owner.getByRole('menuitem', { name: /Sign out$/ });
    await signOut.waitFor();
    // The menu opens with a motion and is aligned to its button as it does: a click mid-way can
    // land where the item was a frame before (CI: the menu stayed open, nothing signed out).
    await settled(owner);
    await signOut.click();
    await owner.getByText('You have signed out.', { exact: true }).waitFor();
    await owner.getByLabel('Username', { exact: true }).waitFor();

    finance = await desk();
    await firstSignIn(finance, baseUrl, FINANCE, financePassword, STAFF_PASSWORD);
    await inMenu(finance, 'Funding switches').waitFor();
    await inMenu(finance, 'Adjustments').waitFor();
    expect(await inMenu(finance, 'Staff').count()).toBe(0);
    expectNoConsoleErrors(errors);
  });

  it('closes recharge with a tip the user app shows, then opens it again', async () => {
    await finance.goto(adminUrl(baseUrl, '/funding'));
    await pageTitle(finance, 'Funding switches').waitFor();
    await fundingCard(finance, 'Recharge').getByText('Open', { exact: true }).first().waitFor();
    await saveRecharge(finance, false, CLOSE_TIP);
    await adminShots(finance, 'funding');

    const user = await phone();
    username = await signUp(user, baseUrl);
    await user.goto(`${baseUrl}/#${RECHARGE}`);
    await reloadUntilShown(user, CLOSE_TIP);
    await user.getByRole('button', { name: 'Contact customer service' }).waitFor();
    await shot(user, 'backoffice-recharge-closed-light');

    await saveRecharge(finance, true);
    await reloadUntilGone(user, CLOSE_TIP);
    await shot(user, 'backoffice-recharge-open-light');
    expectNoConsoleErrors(errors);
  });

  it('finds the user, and requests a credit for them that another member must approve', async () => {
    await finance.goto(adminUrl(baseUrl, '/users'));
    await pageTitle(finance, 'Users').waitFor();
    await row(finance, username).waitFor();
    await adminShots(finance, 'users');

    await row(finance, username).getByRole('link').click();
    const heading = pageTitle(finance, new RegExp(`^${username} · \\d+$`));
    await heading.waitFor();
    const uid = ((await heading.textContent()) ?? '').split(' · ')[1] ?? '';
    expect(uid).toMatch(/^\d+$/);
    await finance.getByRole('tab', { name: 'Balances' }).waitFor();
    await finance.getByText('In open orders', { exact: true }).waitFor();
    await adminShots(finance, 'user-detail');

    await finance.goto(adminUrl(baseUrl, '/adjustments'));
    await pageTitle(finance, 'Balance adjustments').waitFor();
    await finance.getByRole('button', { name: 'Request adjustment' }).click();
    const form = finance.getByRole('dialog', { name: 'Request a balance adjustment' });
    await form.getByLabel('User', { exact: true }).fill(uid);
    await form.getByLabel('Amount', { exact: true }).fill('100.00');
    await form.getByLabel('Reason', { exact: true }).fill('E2E ticket 13: goodwill credit');
    await form.getByRole('button', { name: 'Submit request' }).click();
    await toast(finance, /^Adjustment \d+ is requested and waits for approval\.$/).waitFor();
    await form.waitFor({ state: 'hidden' });
    // In the pending queue, where the one who asked cannot decide it.
    await finance.getByRole('tab', { name: 'Pending', selected: true }).waitFor();
    const request = row(finance, 'E2E ticket 13: goodwill credit');
    await request.getByText('Your request', { exact: true }).waitFor();
    await request.getByText('+100.00').waitFor();
    await adminShots(finance, 'adjustments');
    expectNoConsoleErrors(errors);
  });

  it('shows the auditor every page read-only, and the audit chain intact', async () => {
    const auditor = await desk();
    await firstSignIn(auditor, baseUrl, AUDITOR, auditorPassword, STAFF_PASSWORD);
    // The pending credit waits on the dashboard for a member who may approve it.
    await auditor.getByText('Balance adjustments to approve', { exact: true }).waitFor();
    await auditor.getByText(/^1 waiting, oldest since /).waitFor();

    await auditor.goto(adminUrl(baseUrl, '/products'));
    await pageTitle(auditor, 'Products and periods').waitFor();
    await auditor.getByText('Your role can read products but not change them.').waitFor();
    await auditor.locator('.ant-table-row').first().waitFor();
    await adminShots(auditor, 'products');

    await auditor.goto(adminUrl(baseUrl, '/levels'));
    await pageTitle(auditor, 'Member levels').waitFor();
    await auditor.getByText('Your role can read the thresholds but not change them.').waitFor();
    await auditor.getByRole('textbox', { name: 'Junior: Volume in CNY' }).waitFor();
    await adminShots(auditor, 'levels');

    await auditor.goto(adminUrl(baseUrl, '/audit'));
    await pageTitle(auditor, 'Audit log').waitFor();
    await auditor.getByRole('button', { name: 'Verify chain' }).click();
    await auditor.getByRole('status').getByText('The chain is intact', { exact: true }).waitFor();
    // The story so far is in the log: the funding switch the finance member changed.
    await auditor.locator('.ant-table-row').first().waitFor();
    await adminShots(auditor, 'audit');

    await auditor.goto(adminUrl(baseUrl, '/account'));
    await pageTitle(auditor, 'My account').waitFor();
    await auditor.getByText(AUDITOR, { exact: true }).first().waitFor();
    await settled(auditor);
    await adminShots(auditor, 'account');
    expectNoConsoleErrors(errors);
  });
});

import { generate } from 'otplib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { shot } from './app.js';
import {
  adminContext,
  launchBrowser,
  phoneContext,
  type AdminOptions,
  type PhoneOptions,
} from './browser.js';

/**
 * One browser for a back-office journey told in order across tests: desktop pages for staff
 * (each in its own context, so each its own session) and phone pages for the user app, all
 * recording console errors and page crashes. Everything closes at the end. Call it inside the
 * `describe`, before its own hooks.
 */
export function useBackOffice() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** Console errors and uncaught exceptions of every page, back office and user app. */
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await browser?.close();
  });

  const open = async (make: (browser: Browser) => Promise<BrowserContext>): Promise<Page> => {
    if (!browser) throw new Error('useBackOffice: the browser starts in beforeAll');
    const context = await make(browser);
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return page;
  };
  /** A 1440×900 page for the back office. */
  const desk = (options: AdminOptions = {}) => open((b) => adminContext(b, options));
  /** A phone page for the user app. */
  const phone = (options: PhoneOptions = {}) => open((b) => phoneContext(b, options));
  return { desk, phone, errors };
}

/** The back office's address for a hash route, e.g. `/staff`. */
export const adminUrl = (baseUrl: string, route = '/') => `${baseUrl}/admin/#${route}`;

/** The current TOTP code of an authenticator holding `secret`. */
export const totpCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** A page title of the signed-in back office (ProComponents' PageContainer). */
export const pageTitle = (page: Page, text: string | RegExp) =>
  page.locator('.ant-page-header-heading-title').getByText(text);

/**
 * Waits until the page has stopped loading and moving: no spinner, skeleton or loading button,
 * no toast, no dialog or dropdown animating.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const busy = Array.from(
      document.querySelectorAll(
        '.ant-spin-spinning, .ant-skeleton, .ant-btn-loading, .ant-message-notice, ' +
          '[class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]',
      ),
    ).filter(
      // A button's spinner leaving: `.ant-btn-loading` above covers the button while it loads;
      // in this Chromium the icon's leave motion can stay "active" at its end state (0 wide,
      // transparent) for good, with nothing left to see.
      (e) => !e.classList.contains('ant-btn-loading-icon'),
    );
    return busy.length === 0;
  });
  // Colours change through antd's 0.3 s transitions (a theme switch, a selected menu item).
  await page.waitForTimeout(400);
}

/** `text` as a pattern that matches it whole, nothing more. */
const whole = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Picks `option` in an antd select (`field`: the select or its combobox) and returns once the
 * field shows it. The option is looked for in the field's own menu — the one its combobox
 * controls — as other selects' menus may still be on the page, leaving; and if that menu closed
 * before the click took (a click during its opening motion can land as it re-renders), the field
 * is opened again and the option clicked again, for up to `timeoutMs`.
 */
export async function chooseOption(
  page: Page,
  field: Locator,
  option: string,
  timeoutMs = 20_000,
): Promise<void> {
  const select = field.locator(
    'xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  const combobox = select.getByRole('combobox');
  const listId = await combobox.getAttribute('aria-controls');
  if (listId === null) throw new Error('the select names no menu (aria-controls)');
  const item = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .filter({ has: page.locator(`[id="${listId}"]`) })
    .locator('.ant-select-item-option-content', { hasText: whole(option) });
  const shown = select.locator('.ant-select-selection-item', { hasText: whole(option) });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await combobox.getAttribute('aria-expanded')) !== 'true') await select.click();
      await item.click({ timeout: 3_000 });
      await shown.waitFor({ timeout: 1_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** Switches the emulated system colour scheme and waits until the back office follows it. */
export async function setAdminScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(
    (expected) => document.documentElement.dataset.theme === expected,
    colorScheme,
  );
}

/** Screenshots `admin-<name>-light` and `admin-<name>-dark`, then leaves the page light. */
export async function adminShots(page: Page, name: string): Promise<void> {
  // The pointer rests off the page's controls, so no tooltip or hover shows.
  await page.mouse.move(1, 899);
  for (const scheme of ['light', 'dark'] as const) {
    await setAdminScheme(page, scheme);
    await settled(page);
    await shot(page, `admin-${name}-${scheme}`);
  }
  await setAdminScheme(page, 'light');
}

/** Sign-in, step 1: name and password. */
export async function submitPassword(page: Page, username: string, password: string) {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** The enrolment step's setup key (shown in groups of four), as the authenticator takes it. */
export async function readSetupKey(page: Page): Promise<string> {
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const grouped = await page.getByTestId('totp-secret').locator('code').textContent();
  const secret = (grouped ?? '').replace(/\s+/g, '');
  if (!/^[A-Z2-7]{16,}$/.test(secret)) throw new Error(`no setup key on the page: ${grouped}`);
  return secret;
}

/** Sign-in, step 2: the authenticator's current code. */
export async function submitCode(page: Page, secret: string) {
  await page.getByLabel('Authenticator code', { exact: true }).fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The forced password change after a one-time password. */
export async function choosePassword(page: Page, oneTime: string, password: string) {
  await page.getByText('Choose your password', { exact: true }).waitFor();
  await page.getByLabel('One-time password', { exact: true }).fill(oneTime);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Change password', exact: true }).click();
}

/**
 * A member's first sign-in from start to end: one-time password, authenticator enrolment (the
 * key read off the page), their own password; lands on the dashboard. Returns the TOTP secret.
 */
export async function firstSignIn(
  page: Page,
  baseUrl: string,
  username: string,
  oneTime: string,
  password: string,
): Promise<string> {
  await page.goto(adminUrl(baseUrl));
  await submitPassword(page, username, oneTime);
  const secret = await readSetupKey(page);
  await submitCode(page, secret);
  await choosePassword(page, oneTime, password);
  await pageTitle(page, `Welcome, ${username}`).waitFor();
  return secret;
}

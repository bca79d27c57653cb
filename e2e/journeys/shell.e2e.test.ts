import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, phoneContext } from '../support/browser.js';
import {
  expectNoConsoleErrors,
  expectTitle,
  open,
  shot,
  signUp,
  title,
  waitForRoute,
} from '../support/app.js';

const baseUrl = inject('baseUrl');

/** SPEC §2 paths and the title each page shows (en-US). */
const PAGES: [string, string][] = [
  ['/app/pages/tabbar/index/index', 'Ampere'],
  ['/app/pages/tabbar/markets/index', 'Markets'],
  ['/app/pages/tabbar/trade/index', 'Trade'],
  ['/app/pages/tabbar/customer/index', 'Customer service'],
  ['/app/pages/tabbar/asset/index', 'Assets'],
  ['/app/pages/tabbar/mine/index', 'Mine'],
  ['/app/pages/index/customer', 'Online customer service'],
  ['/app/pages/product/detail', 'Product details'],
  ['/app/pages/user/setting/index', 'Setting'],
  ['/app/pages/user/setting/realnameAuth', 'Real-name verification'],
  ['/app/pages/user/setting/pwd', 'Change password'],
  ['/app/pages/user/setting/mpwd', 'Fund password'],
  ['/app/pages/user/setting/theme', 'Theme'],
  ['/app/pages/user/setting/bindCards', 'Bind card'],
  ['/app/pages/user/share', 'Invite friends'],
  ['/app/pages/user/order/index', 'Order records'],
  ['/app/pages/user/recharge/index', 'Recharge'],
  ['/app/pages/user/recharge/list', 'Recharge record'],
  ['/app/pages/user/withdraw/index', 'Withdraw'],
  ['/app/pages/user/withdraw/list', 'Withdrawal record'],
  ['/app/pages/user/exchange/index', 'Exchange'],
  ['/app/pages/user/exchange/list', 'Exchange record'],
  ['/app/pages/user/earn/index', 'Earn Crypto Rewards'],
  ['/app/pages/user/earn/list', 'Earn crypto products'],
  ['/app/pages/user/earn/detail', 'Earn product details'],
  ['/app/pages/user/earn/order', 'Earn crypto order'],
  ['/app/pages/user/mark/index', 'Financial records'],
  ['/app/pages/user/customer', 'Dedicated customer service'],
  ['/app/pages/user/userServiceAgreement', 'User service agreement'],
  ['/app/pages/common/notice/view?id=1', 'Announcement'],
  ['/app/pages/webview/index', 'Web page'],
  ['/app/pages/common/limitPage', 'Your access has been restricted'],
];

const DIALOGS: [string, string][] = [
  ['/app/pages/index/languageDialog', 'Language'],
  ['/app/pages/index/noticeDialog', 'Notice'],
  ['/app/pages/product/productListDialog', 'Products'],
  ['/app/pages/trade/orderDialog', 'Order details'],
  ['/app/pages/user/setting/dialog/colorPickerDialog', 'Primary color'],
];

describe('app shell', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await phoneContext(browser);
    page = await context.newPage();
    errors = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterEach(() => context.close());

  it('sends a visitor on a guarded page to login with the right r=, and back after login', async () => {
    await page.goto(`${baseUrl}/#/app/pages/user/recharge/index?channel=bank`);
    const hash = await waitForRoute(page, (h) => h.startsWith('/app/pages/user/login'));
    expect(hash).toBe(
      '/app/pages/user/login?r=%2Fapp%2Fpages%2Fuser%2Frecharge%2Findex%3Fchannel%3Dbank',
    );
    await expectTitle(page, 'Log in');
    await shot(page, 'login-light');

    // Sign up in another tab of the same browser, then log in here and land where we wanted.
    const other = await context.newPage();
    const username = await signUp(other, baseUrl);
    await other.evaluate(() => {
      localStorage.clear();
    });
    await other.close();
    await page.reload();
    await page.getByPlaceholder('Enter your account').fill(username);
    await page.getByPlaceholder('Enter your password').fill('Journey2024');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitForRoute(page, (h) => h === '/app/pages/user/recharge/index?channel=bank');
    await expectTitle(page, 'Recharge');
    expectNoConsoleErrors(errors);
  });

  it('guards the tab pages too, and opens the four open pages without a session', async () => {
    await page.goto(`${baseUrl}/#/app/pages/tabbar/asset/index`);
    expect(await waitForRoute(page, (h) => h.startsWith('/app/pages/user/login'))).toBe(
      '/app/pages/user/login?r=%2Fapp%2Fpages%2Ftabbar%2Fasset%2Findex',
    );
    const agreement = page.waitForResponse((r) => r.url().includes('common/userServiceAgreement'));
    await open(page, baseUrl, '/app/pages/user/userServiceAgreement');
    await expectTitle(page, 'User service agreement');
    // The version in force, whichever it is: the journeys share one server, and the access
    // journey publishes a new version. Its body's first line of text is on the page.
    const { data } = (await (await agreement).json()) as { data: { body: string } };
    const firstLine = data.body
      .split(/<[^>]+>/)
      .map((t) => t.trim())
      .find((t) => t.length > 0);
    if (!firstLine) throw new Error('the agreement in force has no text');
    await page.getByText(firstLine).first().waitFor();
    await open(page, baseUrl, '/app/pages/index/customer');
    await expectTitle(page, 'Online customer service');
    await open(page, baseUrl, '/app/pages/webview/index');
    await page.getByText('Url is empty, please go back and try again').waitFor();
    await open(page, baseUrl, '/app/pages/user/findpwd');
    await expectTitle(page, 'Find password');
  });

  it('resolves every path of SPEC §2 to its page, and / to Home with the six tabs', async () => {
    await signUp(page, baseUrl);
    await open(page, baseUrl, '/');
    // Home is titled with the app's name.
    await expectTitle(page, 'Ampere');
    const tabs = page.locator('.adm-tab-bar-item-title');
    expect(await tabs.allTextContents()).toEqual([
      'Home',
      'Markets',
      'Trade',
      'Service',
      'Assets',
      'Mine',
    ]);
    for (const [route, expected] of PAGES) {
      await open(page, baseUrl, route);
      await expectTitle(page, expected);
      expect(await title(page), route).toBe(expected);
    }
    for (const [route, expected] of DIALOGS) {
      await page.goto(`${baseUrl}/#${route}`);
      await page.getByRole('dialog').getByText(expected, { exact: true }).first().waitFor();
    }
    // `notice/view?id=1` is answered 404 ("Announcement does not exist", SPEC §8) unless another
    // journey's notice 1 is on the shared server at that moment; the browser logs that answer.
    expectNoConsoleErrors(errors.filter((e) => !e.includes('status of 404')));
  });

  it('switches tabs by replacing history', async () => {
    await signUp(page, baseUrl);
    await open(page, baseUrl, '/app/pages/tabbar/index/index');
    await page.locator('.adm-tab-bar-item').nth(1).click();
    await waitForRoute(page, (h) => h === '/app/pages/tabbar/markets/index');
    await page.locator('.adm-tab-bar-item').nth(5).click();
    await waitForRoute(page, (h) => h === '/app/pages/tabbar/mine/index');
    await shot(page, 'mine-light');
    const length = await page.evaluate(() => history.length);
    await page.locator('.adm-tab-bar-item').nth(4).click();
    await waitForRoute(page, (h) => h === '/app/pages/tabbar/asset/index');
    expect(await page.evaluate(() => history.length)).toBe(length);
  });

  it('switches language and theme, and remembers both after a reload', async () => {
    await signUp(page, baseUrl);
    await open(page, baseUrl, '/app/pages/user/setting/theme');
    await page.getByText('Always use the dark theme').click();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-prefers-color-scheme') === 'dark',
    );
    await page.goto(`${baseUrl}/#/app/pages/index/languageDialog`);
    await page.getByText('Deutsch', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.reload();
    await open(page, baseUrl, '/app/pages/tabbar/index/index');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(
      await page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme')),
    ).toBe('dark');
    expect(await page.locator('.adm-tab-bar-item-title').allTextContents()).toEqual([
      'Start',
      'Märkte',
      'Handel',
      'Hilfe',
      'Vermögen',
      'Profil',
    ]);
    await shot(page, 'home-de-dark');
  });
});

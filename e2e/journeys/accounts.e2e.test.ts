import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhones } from '../support/phones.js';
import {
  PASSWORD,
  expectNoConsoleErrors,
  open,
  shot,
  signUp,
  title,
  waitForRoute,
  webLocale,
} from '../support/app.js';

const baseUrl = inject('baseUrl');

const HOME = '/app/pages/tabbar/index/index';
const MINE = '/app/pages/tabbar/mine/index';
const LOGIN = '/app/pages/user/login';
const SETTING = '/app/pages/user/setting/index';
const PASSWORD_PAGE = '/app/pages/user/setting/pwd';
const FUND_PASSWORD = '/app/pages/user/setting/mpwd';
const FIND_PASSWORD = '/app/pages/user/findpwd';
const REGISTER = '/app/pages/user/register';
const SHARE = '/app/pages/user/share';

const NEW_PASSWORD = 'Changed2025';
const RESET_PASSWORD = 'Recovered2026';
const FUND = '246810';
const NEW_FUND = '135790';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every message of a locale file as one flat map, "path.to.key" → text. */
function messages(locale: string): Map<string, string> {
  const flat = new Map<string, string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') flat.set(prefix, node);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        walk(value, prefix === '' ? key : `${prefix}.${key}`);
      }
    }
  };
  walk(webLocale(locale), '');
  return flat;
}

/** English texts that another locale writes differently, with {{placeholders}} as wildcards. */
function englishOnly(locale: string): RegExp[] {
  const english = messages('en-US');
  const other = messages(locale);
  return [...english]
    .filter(([key, text]) => other.get(key) !== text)
    .map(([, text]) => escapeRegExp(text).replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '.*'))
    .map((pattern) => new RegExp(`^${pattern}$`));
}

/** The visible lines of the page, tab bar included. */
async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

async function login(page: Page, username: string, password: string) {
  await open(page, baseUrl, LOGIN);
  await page.getByPlaceholder('Enter your account').fill(username);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** The antd-mobile toast currently shown. */
const toast = (page: Page, text: string) =>
  page.locator('.adm-toast-main').getByText(text, { exact: true });

/** A form field by its whole label; antd-mobile marks a required one with an asterisk. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^\\*?\\s*${escapeRegExp(label)}\\s*\\*?$`));

describe('accounts', () => {
  const { phone, errors, contexts } = usePhones({ keepBetweenTests: true });

  // One story told in order: the inviter's share page feeds the invitee's registration.
  let inviter: Page;
  let invitee: Page;
  let inviteCode = '';
  let shareUrl = '';
  let username = '';

  beforeAll(async () => {
    inviter = await phone();
    invitee = await phone();
  });

  it('shows the inviter a QR code of the invite link, and copies code and link', async () => {
    await contexts[0]!.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    });
    await signUp(inviter, baseUrl);
    await open(inviter, baseUrl, SHARE);
    await expect.poll(() => title(inviter)).toBe('Invite friends');
    const qr = inviter.locator('figure svg');
    await qr.waitFor();
    expect(await qr.locator('title').textContent()).toBe('QR code of your invite link');
    expect(await qr.getAttribute('height')).toBe('180');

    const lines = await visibleLines(inviter);
    shareUrl = lines.find((line) => line.includes('/#/app/pages/user/register?i=')) ?? '';
    inviteCode = new URL(shareUrl.replace('/#', '')).searchParams.get('i') ?? '';
    expect(shareUrl).toBe(`${baseUrl}/#${REGISTER}?i=${inviteCode}`);
    expect(lines).toContain(inviteCode);

    await inviter.getByRole('button', { name: 'Copy: Invite code' }).click();
    await toast(inviter, 'Copied').waitFor();
    expect(await inviter.evaluate(() => navigator.clipboard.readText())).toBe(inviteCode);
    await inviter.getByRole('button', { name: 'Copy: Invite link' }).click();
    await inviter.waitForFunction(
      (url) => navigator.clipboard.readText().then((text) => text === url),
      shareUrl,
    );
  });

  it('registers through the invite link and lands signed in on Home', async () => {
    await invitee.goto(shareUrl);
    await invitee.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    // The code from the link is already filled in.
    expect(await invitee.getByPlaceholder('Optional').inputValue()).toBe(inviteCode);
    username = `inv${Date.now().toString(36)}`;
    await invitee.getByPlaceholder('Enter your account').fill(username);
    await invitee.getByPlaceholder('Enter your password').fill(PASSWORD);
    await invitee.getByPlaceholder('Enter the password again').fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Register', exact: true }).click();
    await waitForRoute(invitee, (hash) => hash === HOME);
    await expect.poll(() => title(invitee)).toBe('Ampere');
    await toast(invitee, 'Successful registration').waitFor();

    // The inviter's Mine tab counts the new friend.
    await open(inviter, baseUrl, MINE);
    const invited = inviter.locator('dt', { hasText: 'Invited' }).locator('xpath=../dd');
    await expect.poll(() => invited.textContent()).toBe('1');
  });

  it('shows the profile, balances and every user page on Mine', async () => {
    await open(invitee, baseUrl, MINE);
    await invitee.getByText(username, { exact: true }).waitFor();
    // The level shows twice once the level card is in: the profile's tag and the card's title.
    await invitee.getByText('Ordinary', { exact: true }).first().waitFor();
    await invitee.getByText('Uncertified', { exact: true }).waitFor();
    await invitee.getByText('Balances', { exact: true }).waitFor();
    for (const entry of ['Recharge', 'Order records', 'Invite friends', 'Setting']) {
      await invitee.getByText(entry, { exact: true }).first().waitFor();
    }
  });

  it('logs out from Setting after a confirmation, then logs back in', async () => {
    await open(invitee, baseUrl, SETTING);
    // The sign-in made by registering is in the history.
    await invitee.getByText('Recent sign-ins', { exact: true }).waitFor();
    await invitee.getByText('Succeeded', { exact: true }).first().waitFor();
    await invitee.getByText('Chrome · Linux').first().waitFor();
    await invitee.getByRole('button', { name: 'Log out' }).click();
    await invitee.locator('.adm-modal').getByRole('button', { name: 'Log out' }).click();
    await waitForRoute(invitee, (hash) => hash.startsWith(LOGIN));
    await toast(invitee, 'Successfully logged out').waitFor();
    expect(await invitee.evaluate(() => localStorage.getItem('ampere.token'))).toBeNull();

    await login(invitee, username, PASSWORD);
    await waitForRoute(invitee, (hash) => hash === HOME);
    await toast(invitee, 'Successful login').waitFor();
  });

  it('changes the password with the messages of SPEC §5, and only the new one opens the account', async () => {
    await open(invitee, baseUrl, PASSWORD_PAGE);
    await invitee.getByRole('button', { name: 'Confirm' }).click();
    await invitee.getByText('Please enter the current password').waitFor();
    await invitee.getByText('Please enter the new password').waitFor();
    await invitee.getByText('Please enter the password again').waitFor();

    await field(invitee, 'Current password').fill(PASSWORD);
    await field(invitee, 'New password').fill(NEW_PASSWORD);
    await field(invitee, 'Confirm new password').fill(`${NEW_PASSWORD}x`);
    await invitee.getByRole('button', { name: 'Confirm' }).click();
    await invitee.getByText('The two passwords are inconsistent').waitFor();

    await field(invitee, 'Confirm new password').fill(NEW_PASSWORD);
    await invitee.getByRole('button', { name: 'Confirm' }).click();
    await waitForRoute(invitee, (hash) => hash.startsWith(LOGIN));
    await toast(invitee, 'Password changed, please log in with the new one').waitFor();

    await login(invitee, username, PASSWORD);
    await toast(invitee, 'Incorrect account or password').waitFor();
    expect(await title(invitee)).toBe('Log in');
    await login(invitee, username, NEW_PASSWORD);
    await waitForRoute(invitee, (hash) => hash === HOME);
  });

  it('sets a fund password, then changes it, counting wrong attempts', async () => {
    await open(invitee, baseUrl, SETTING);
    await invitee.getByText('Set fund password', { exact: true }).click();
    await waitForRoute(invitee, (hash) => hash === FUND_PASSWORD);
    await field(invitee, 'Fund password').waitFor();
    expect(await invitee.getByText('Current fund password').count()).toBe(0);
    await field(invitee, 'Fund password').fill(FUND);
    await field(invitee, 'Confirm fund password').fill(FUND);
    await invitee.getByRole('button', { name: 'Confirm' }).click();
    await waitForRoute(invitee, (hash) => hash === SETTING);
    await toast(invitee, 'Fund password changed').waitFor();
    await invitee.getByText('Change fund password', { exact: true }).click();

    await field(invitee, 'Current fund password').fill('000000');
    await field(invitee, 'New fund password').fill(NEW_FUND);
    await field(invitee, 'Confirm fund password').fill(NEW_FUND);
    await invitee.getByRole('button', { name: 'Confirm' }).click();
    await invitee
      .locator('.adm-notice-bar')
      .getByText('Wrong fund password. Attempts left before it locks: 4')
      .waitFor();

    await field(invitee, 'Current fund password').fill(FUND);
    await invitee.getByRole('button', { name: 'Confirm' }).click();
    await waitForRoute(invitee, (hash) => hash === SETTING);
    await toast(invitee, 'Fund password changed').waitFor();
  });

  it('resets a forgotten password with the account and fund password', async () => {
    // The page is open to visitors; used signed in, the reset ends this session too.
    await open(invitee, baseUrl, FIND_PASSWORD);
    await invitee.getByText('No fund password?').waitFor();
    await invitee.getByPlaceholder('Enter your account').fill(username);
    await field(invitee, 'Fund password').fill(NEW_FUND);
    await field(invitee, 'New password').fill(RESET_PASSWORD);
    await field(invitee, 'Confirm new password').fill(RESET_PASSWORD);
    await invitee.getByRole('button', { name: 'Reset password' }).click();
    await waitForRoute(invitee, (hash) => hash.startsWith(LOGIN));
    await toast(invitee, 'Password reset, please log in with the new one').waitFor();
    expect(await invitee.evaluate(() => localStorage.getItem('ampere.token'))).toBeNull();
    await login(invitee, username, NEW_PASSWORD);
    await toast(invitee, 'Incorrect account or password').waitFor();
    await login(invitee, username, RESET_PASSWORD);
    await waitForRoute(invitee, (hash) => hash === HOME);
  });

  it('turns every visible string of the account pages into Japanese', async () => {
    await inviter.goto(`${baseUrl}/#/app/pages/index/languageDialog`);
    await inviter.getByText('日本語', { exact: true }).click();
    await inviter.waitForFunction(() => document.documentElement.lang === 'ja');
    const english = englishOnly('ja');

    const pages: [string, string[]][] = [
      [MINE, ['マイページ', '本人確認', '招待人数', '残高', '未認証', '一般会員']],
      [SETTING, ['最近のログイン', '資金パスワードを設定', 'ログアウト', '成功']],
      [SHARE, ['友達を招待', '招待コード', '招待リンク', 'コピー', '招待した友達']],
      [PASSWORD_PAGE, ['パスワード変更', '現在のパスワード', '新しいパスワード（確認）']],
      [FUND_PASSWORD, ['資金パスワード', '資金パスワード（確認）']],
      [FIND_PASSWORD, ['パスワードの再設定', '資金パスワードをお持ちでない方']],
    ];
    for (const [route, japanese] of pages) {
      await open(inviter, baseUrl, route);
      for (const text of japanese) {
        // Whole texts; a required field’s label carries an asterisk.
        const whole = new RegExp(`^\\*?\\s*${escapeRegExp(text)}\\s*\\*?$`);
        await inviter.getByText(whole).first().waitFor();
      }
      const lines = await visibleLines(inviter);
      const left = lines.filter((line) => english.some((pattern) => pattern.test(line)));
      expect(left, route).toEqual([]);
      await shot(inviter, `accounts-${route.split('/').slice(-2).join('-')}-ja`);
    }
  });

  it('looks right at 375×812 in the light and the dark theme', async () => {
    // One phone for both themes: it follows the system, and the emulated system switches.
    const page = await phone();
    const schemes = ['light', 'dark'] as const;
    const scheme = async (colorScheme: (typeof schemes)[number]) => {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(
        (expected) =>
          document.documentElement.getAttribute('data-prefers-color-scheme') === expected,
        colorScheme,
      );
    };
    await signUp(page, baseUrl);
    const signedIn = [
      [MINE, 'mine'],
      [SETTING, 'setting'],
      [SHARE, 'share'],
      [PASSWORD_PAGE, 'password'],
      [FUND_PASSWORD, 'fund-password'],
    ] as const;
    for (const [route, name] of signedIn) {
      await open(page, baseUrl, route);
      // Wait for the data each page loads, so the picture shows the page, not a spinner.
      if (route === MINE) await page.locator('dd', { hasText: /^\d+$/ }).first().waitFor();
      if (route === SETTING) await page.getByText('Succeeded').first().waitFor();
      if (route === SHARE) await page.locator('figure svg').waitFor();
      if (route === PASSWORD_PAGE) await page.getByPlaceholder('Enter a new password').waitFor();
      if (route === FUND_PASSWORD) await page.getByPlaceholder('Enter 6 digits').waitFor();
      for (const colorScheme of schemes) {
        await scheme(colorScheme);
        await shot(page, `accounts-${name}-${colorScheme}`);
        if (route === SHARE) {
          // The QR code stays dark on a white plate in both themes, so scanners read it.
          const plate = await page
            .locator('figure svg')
            .evaluate((svg) => getComputedStyle(svg.parentElement!).backgroundColor);
          expect(plate).toBe('rgb(255, 255, 255)');
        }
      }
    }

    // Signed out by forgetting the session; one reload drops the copy held in memory.
    await page.evaluate(() => {
      localStorage.removeItem('ampere.token');
      localStorage.removeItem('ampere.user');
    });
    await page.reload();
    for (const [route, name, button] of [
      [LOGIN, 'login', 'Log in'],
      [REGISTER, 'register', 'Register'],
      [FIND_PASSWORD, 'find-password', 'Reset password'],
    ] as const) {
      await open(page, baseUrl, route);
      await page.getByRole('button', { name: button, exact: true }).waitFor();
      for (const colorScheme of schemes) {
        await scheme(colorScheme);
        await shot(page, `accounts-${name}-${colorScheme}`);
      }
    }
    expectNoConsoleErrors(errors);
  });
});

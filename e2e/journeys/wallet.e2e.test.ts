import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  expectNoConsoleErrors,
  open,
  shot,
  signUp,
  title,
  waitForRoute,
  webLocale,
} from '../support/app.js';
import { credit } from '../support/ops.js';
import { usePhones } from '../support/phones.js';

const baseUrl = inject('baseUrl');

const ASSET = '/app/pages/tabbar/asset/index';
const RECORDS = '/app/pages/user/mark/index';

/** The 13 locales as the language dialog names them (SPEC §3). */
const LANGUAGES = [
  ['en-US', 'English'],
  ['zh-Hans', '简体中文'],
  ['zh-Hant', '繁體中文'],
  ['ru', 'Русский'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['th', 'ไทย'],
  ['vi', 'Tiếng Việt'],
  ['de', 'Deutsch'],
  ['fr', 'Français'],
  ['it', 'Italiano'],
  ['es', 'Español'],
  ['pt', 'Português'],
] as const;

/** One message of a locale file, by its dotted path. */
function message(locale: string, key: string): string {
  let node: unknown = webLocale(locale);
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`${locale} has no message ${key}`);
  return node;
}

/** 1234.50 and 0.1234 as `locale` writes them, its separators taken from Intl. */
function localNumbers(locale: string): { thousand: string; small: string } {
  const parts = (n: number) => new Intl.NumberFormat(locale).formatToParts(n);
  const decimal = parts(0.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const group = parts(1234).find((p) => p.type === 'group')?.value;
  return { thousand: `1${group ?? ''}234${decimal}50`, small: `0${decimal}1234` };
}

/** TanStack Query refetches on this event: what happens when the user comes back to the app. */
async function returnToApp(page: Page) {
  await page.evaluate(() => {
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Sheets and dropdowns slide in; the screenshot waits until they are still. */
const ANIMATION_MS = 400;
async function settledShot(page: Page, name: string) {
  await page.waitForTimeout(ANIMATION_MS);
  await shot(page, name);
}

const totalOf = (page: Page, currency: 'money' | 'usdt', name: string) =>
  page.getByTestId(`balance-${currency}`).getByLabel(`Total ${name}`);

describe('wallet', () => {
  const { phone, errors } = usePhones();

  it('shows a new user zero balances and no history, then an ops credit everywhere', async () => {
    const page = await phone();
    const username = await signUp(page, baseUrl);
    await open(page, baseUrl, ASSET);
    await expect.poll(() => totalOf(page, 'money', 'CNY').textContent()).toBe('0.00');
    expect(await totalOf(page, 'usdt', 'USDT').textContent()).toBe('0.00');
    await page.getByText('No balance changes yet').waitFor();
    await shot(page, 'wallet-asset-empty-light');

    await credit(username, '100.00', 'money');
    // No reload: coming back to the app is enough for the tab to fetch the new balance.
    await returnToApp(page);
    await expect.poll(() => totalOf(page, 'money', 'CNY').textContent()).toBe('100.00');
    expect(await totalOf(page, 'usdt', 'USDT').textContent()).toBe('0.00');
    const recent = page.getByTestId('statement-row');
    await recent.first().waitFor();
    expect(await recent.count()).toBe(1);
    const row = recent.first();
    await row.getByText('Credit by platform').waitFor();
    await row.getByText('+100.00 CNY').waitFor();
    await row.getByText('Available 100.00').waitFor();
    await row.getByText('Moment ago').waitFor();
    await shot(page, 'wallet-asset-credited-light');

    await page.getByRole('link', { name: 'All records' }).click();
    await waitForRoute(page, (hash) => hash === RECORDS);
    await page.getByRole('heading', { level: 1, name: 'Financial records' }).waitFor();
    await page.getByTestId('statement-row').getByText('+100.00 CNY').waitFor();

    // Only USDT: the CNY credit is not among them, and the filter lives in the address.
    await page.getByText('Currency', { exact: true }).click();
    await page.locator('.adm-check-list-item').getByText('USDT', { exact: true }).click();
    await waitForRoute(page, (hash) => hash === `${RECORDS}?currency=usdt`);
    await page.getByText('No records match these filters').waitFor();
    expect(await page.getByTestId('statement-row').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForRoute(page, (hash) => hash === RECORDS);
    await page.getByTestId('statement-row').getByText('+100.00 CNY').waitFor();

    // The CSV statement with the same filters, downloaded with the session.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ampere-statement-\d{8}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('Credit by platform');
    expect(csv).toContain('100.00');
    expectNoConsoleErrors(errors);
  });

  it('shows the credit on the Asset tab and the records page in every locale', async () => {
    const page = await phone();
    const username = await signUp(page, baseUrl);
    await credit(username, '1234.5', 'money');
    await credit(username, '0.123456', 'usdt');
    for (const [locale, name] of LANGUAGES) {
      await page.goto(`${baseUrl}/#/app/pages/index/languageDialog`);
      await page.getByText(name, { exact: true }).click();
      await page.waitForFunction((key) => document.documentElement.lang === key, locale);

      await open(page, baseUrl, ASSET);
      await page.getByText(message(locale, 'wallet.totalAssets'), { exact: true }).waitFor();
      // SPEC §5: 2 decimals from 4 integer digits, 4 below, truncated; never a float; with the
      // language's separators (de 1.234,50, ru 1 234,50, es 1234,50 — CLDR groups from 5 digits).
      const { thousand, small } = localNumbers(locale);
      await page.getByText(thousand, { exact: true }).first().waitFor();
      await page.getByText(small, { exact: true }).first().waitFor();
      const credited = message(locale, 'ledgerKinds.adjustment_credit');
      const rows = page.getByTestId('statement-row');
      await rows.getByText(`+${thousand} CNY`).waitFor();
      expect(await rows.getByText(credited, { exact: true }).count(), locale).toBe(2);
      if (locale === 'zh-Hans') await shot(page, 'wallet-asset-zh-Hans');

      await open(page, baseUrl, RECORDS);
      expect(await title(page), locale).toBe(message(locale, 'pages.mark.title'));
      await rows.getByText(`+${small} USDT`).waitFor();
      expect(await rows.getByText(credited, { exact: true }).count(), locale).toBe(2);
      if (locale === 'zh-Hans') await shot(page, 'wallet-records-zh-Hans');
    }
    expectNoConsoleErrors(errors);
  }, 180_000);

  it.each(['light', 'dark'] as const)('looks right at 375×812 in the %s theme', async (scheme) => {
    const page = await phone({ colorScheme: scheme });
    const username = await signUp(page, baseUrl);
    await open(page, baseUrl, ASSET);
    await page.getByText('No balance changes yet').waitFor();
    await shot(page, `wallet-asset-empty-${scheme}`);

    await credit(username, '250.00', 'money');
    await credit(username, '12.5', 'usdt');
    await page.reload();
    await page.getByTestId('statement-row').nth(1).waitFor();
    await shot(page, `wallet-asset-${scheme}`);
    await page.getByTestId('balance-money').getByRole('button').click();
    await page.getByRole('dialog').getByText('Frozen CNY').waitFor();
    await settledShot(page, `wallet-asset-frozen-${scheme}`);

    await open(page, baseUrl, RECORDS);
    await page.getByTestId('statement-row').nth(1).waitFor();
    await page.getByText('Type', { exact: true }).click();
    await page.getByText('All types', { exact: true }).waitFor();
    await settledShot(page, `wallet-records-kinds-${scheme}`);
    await page.getByText('Date', { exact: true }).click();
    await page.getByText('Last 7 days', { exact: true }).waitFor();
    await settledShot(page, `wallet-records-dates-${scheme}`);
    expectNoConsoleErrors(errors);
  });
});

import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhones } from '../support/phones.js';
import {
  expectNoConsoleErrors,
  open,
  signUp,
  waitForRoute,
  shotBothSchemes,
} from '../support/app.js';

const baseUrl = inject('baseUrl');

const HOME = '/app/pages/tabbar/index/index';
const MARKETS = '/app/pages/tabbar/markets/index';
const DETAIL = '/app/pages/product/detail';

/** The simulated feed ticks every 500 ms; a price that has not moved in this long is not live. */
const LIVE_WITHIN_MS = 15_000;

/** The chart interval tabs (antd-mobile capsule tabs carry no tab role). */
const intervalTab = (page: Page, interval: string) =>
  page.locator('.adm-capsule-tabs-tab', { hasText: new RegExp(`^${interval}$`) });

const row = (page: Page, symbol: string) =>
  page.locator(`[data-testid="market-row"][data-symbol="${symbol}"]`);

/**
 * The first rows under `scope`: whether each is sized from outside (sizedRow.ts), its height, and
 * the height of the tallest thing it holds (layout sizes, as a dialog may be scaling in).
 */
const rowSizes = (scope: Locator) =>
  scope.locator('[data-testid="market-row"]').evaluateAll((items) =>
    items.slice(0, 8).map((item) => ({
      sized: item.getAttribute('data-sized'),
      contain: getComputedStyle(item).contain,
      height: item.clientHeight,
      inner: Math.max(
        ...Array.from(item.children, (child) =>
          child instanceof HTMLElement ? child.offsetHeight : 0,
        ),
      ),
    })),
  );

const rowsFit = (list: Awaited<ReturnType<typeof rowSizes>>) =>
  list.length > 0 &&
  list.every((r) => r.sized === 'true' && r.contain === 'size' && r.height >= r.inner - 1);

/** Waits until the text of `locator` differs from what it read first; returns both. */
async function expectToChange(locator: Locator): Promise<[string, string]> {
  const before = (await locator.textContent()) ?? '';
  let after = before;
  await expect
    .poll(
      async () => {
        after = (await locator.textContent()) ?? '';
        return after;
      },
      { timeout: LIVE_WITHIN_MS, interval: 250 },
    )
    .not.toBe(before);
  return [before, after];
}

/** Screenshots in both themes; the page follows the emulated system scheme. */
const shotBoth = (page: Page, name: string) => shotBothSchemes(page, `markets-${name}`);

describe('markets', () => {
  const { phone, errors } = usePhones();

  it('lists products with live prices, searches them and keeps favourites', async () => {
    const page = await phone();
    await signUp(page, baseUrl);
    await open(page, baseUrl, MARKETS);
    const btc = row(page, 'BTC/USDT');
    await btc.waitFor();
    await expect.poll(() => page.getByTestId('market-row').count()).toBeGreaterThanOrEqual(8);
    await btc.getByText('Bitcoin').waitFor();
    await page.getByText('Simulated').first().waitFor();

    // Live: the listed price moves without a reload, and the change is a signed percent.
    const [before, after] = await expectToChange(btc.getByTestId('market-price'));
    expect(before).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(after).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await btc.getByTestId('market-change').textContent()).toMatch(/^[+-]?\d+\.\d{2}%$/);
    await shotBoth(page, 'list');

    // Search by symbol (with or without the slash) and by localized name.
    const search = page.getByPlaceholder('Search products');
    await search.fill('eth');
    await expect.poll(() => page.getByTestId('market-row').count()).toBe(1);
    await row(page, 'ETH/USDT').waitFor();
    await search.fill('xauusd');
    await row(page, 'XAU/USD').waitFor();
    expect(await page.getByTestId('market-row').count()).toBe(1);
    await search.fill('gold');
    await row(page, 'XAU/USD').waitFor();
    await search.fill('nothing-like-this');
    await page.getByText('No products match “nothing-like-this”').waitFor();
    await search.fill('');
    await expect.poll(() => page.getByTestId('market-row').count()).toBeGreaterThanOrEqual(8);

    // Categories.
    await page.getByRole('tab', { name: 'Metals' }).click();
    await expect.poll(() => page.getByTestId('market-row').count()).toBe(1);
    await row(page, 'XAU/USD').waitFor();

    // Favourites: none yet, then one, kept across a reload.
    await page.getByRole('tab', { name: 'Favourites' }).click();
    await page.getByText('No favourites yet. Tap the star next to a product to add it.').waitFor();
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('button', { name: 'Add Ethereum to favourites' }).click();
    await page.getByRole('button', { name: 'Remove Ethereum from favourites' }).waitFor();
    await page.getByRole('tab', { name: 'Favourites' }).click();
    await expect.poll(() => page.getByTestId('market-row').count()).toBe(1);
    await row(page, 'ETH/USDT').waitFor();

    await page.reload();
    await btc.waitFor();
    await page.getByRole('button', { name: 'Remove Ethereum from favourites' }).waitFor();
    await page.getByRole('tab', { name: 'Favourites' }).click();
    await expect.poll(() => page.getByTestId('market-row').count()).toBe(1);
    await row(page, 'ETH/USDT').waitFor();
    expectNoConsoleErrors(errors);
  });

  it('keeps every row as tall as what it holds, also when the text grows', async () => {
    const page = await phone();
    await signUp(page, baseUrl);
    await open(page, baseUrl, MARKETS);
    await row(page, 'BTC/USDT').waitFor();
    // Each row's height is set from outside it (features/market/components/sizedRow.ts), so
    // that a tick lays out the row alone; what the row holds must still fit, or it is clipped.
    const rows = () => rowSizes(page.locator('body'));
    await expect.poll(async () => rowsFit(await rows())).toBe(true);
    const before = await rows();
    expect(before.every((r) => Math.abs(r.height - r.inner) < 1)).toBe(true);

    // Text twice the size (a reader's own style sheet, a larger system font): the rows follow.
    await page.addStyleTag({
      content: '[data-testid="market-row"] span { font-size: 28px !important; }',
    });
    const grown = (list: typeof before) =>
      rowsFit(list) && Math.min(...list.map((r) => r.height)) > before[0]!.height + 20;
    await expect.poll(async () => grown(await rows())).toBe(true);
    expectNoConsoleErrors(errors);
  });

  it('brings a row from far below the screen up to date when it is scrolled to', async () => {
    const page = await phone();
    await signUp(page, baseUrl);
    // A short screen: the last rows start well over a quarter of a screen below it, where rows
    // are not written until they come near (features/market/components/nearViewport.ts).
    await page.setViewportSize({ width: 375, height: 400 });
    await open(page, baseUrl, MARKETS);
    await row(page, 'BTC/USDT').waitFor();
    const last = page.getByTestId('market-row').last();
    const top = await last.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(400 * 1.25);
    // Scrolled to, it is live; scrolled away and back to the top, so is the first row.
    await last.scrollIntoViewIfNeeded();
    await expectToChange(last.getByTestId('market-price'));
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await expectToChange(row(page, 'BTC/USDT').getByTestId('market-price'));
    await last.scrollIntoViewIfNeeded();
    await expectToChange(last.getByTestId('market-price'));
    expectNoConsoleErrors(errors);
  });

  it('opens a product with a live chart, switches the interval and the product', async () => {
    const page = await phone();
    await signUp(page, baseUrl);
    await open(page, baseUrl, MARKETS);
    await row(page, 'BTC/USDT').getByRole('link').click();
    await waitForRoute(page, (hash) => hash === `${DETAIL}?id=BTC%2FUSDT`);

    // The quote: live price and the 24 h figures.
    const price = page.getByTestId('quote-price');
    await price.waitFor();
    await page.getByRole('button', { name: /BTC\/USDT/ }).waitFor();
    expect(await page.getByTestId('quote-high').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('quote-low').textContent()).toMatch(/\d/);
    await expectToChange(price);

    // The chart draws on canvas once its history is in, and the forming candle moves.
    const chart = page.getByTestId('kline-chart');
    await page.locator('[data-testid="kline-chart"][data-status="ready"]').waitFor();
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.height).toBeGreaterThanOrEqual(280);
    expect(await chart.getAttribute('aria-label')).toContain('1Min');
    await expectToChange(page.getByTestId('kline-close'));
    await shotBoth(page, 'detail');

    // Every interval loads; the choice lives in the address.
    for (const interval of ['1s', '5Min', '30Min', '1Hour', '1Day', '1Min']) {
      await intervalTab(page, interval).click();
      await waitForRoute(page, (hash) => hash.endsWith(`interval=${interval}`));
      await page
        .locator(
          `[data-testid="kline-chart"][data-status="ready"][aria-label*="${interval} candles"]`,
        )
        .waitFor();
    }
    await intervalTab(page, '1s').click();
    await waitForRoute(page, (hash) => hash.endsWith('interval=1s'));
    await page.locator('[data-testid="kline-chart"][data-status="ready"]').waitFor();
    await expectToChange(page.getByTestId('kline-close'));
    await page.getByRole('button', { name: 'Buy more' }).waitFor();
    expect(await page.getByRole('button', { name: 'Buy more' }).isDisabled()).toBe(false);

    // The product list: live prices, the current product marked, a tap switches in place.
    await page.getByRole('button', { name: /BTC\/USDT/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Products' });
    await dialog.waitFor();
    const current = dialog.locator('[aria-current="page"]');
    await current.getByText('BTC/USDT').waitFor();
    await expectToChange(
      dialog.locator(
        '[data-testid="market-row"][data-symbol="ETH/USDT"] [data-testid="market-price"]',
      ),
    );
    await expect.poll(async () => rowsFit(await rowSizes(dialog))).toBe(true);
    await shotBoth(page, 'dialog');
    await dialog.locator('[data-testid="market-row"][data-symbol="ETH/USDT"] a').click();
    await waitForRoute(page, (hash) => hash === `${DETAIL}?id=ETH%2FUSDT`);
    await page.getByRole('dialog', { name: 'Products' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /ETH\/USDT/ }).waitFor();
    await page.locator('[data-testid="kline-chart"][data-status="ready"]').waitFor();
    expect(await page.getByTestId('kline-chart').getAttribute('aria-label')).toContain('ETH/USDT');

    // The dialog was replaced, not stacked: back returns to the product it was opened over.
    await page.goBack();
    await waitForRoute(page, (hash) => hash.startsWith(`${DETAIL}?id=BTC%2FUSDT`));
    expectNoConsoleErrors(errors);
  });

  it('shows a product that is not there, or no product at all, as such', async () => {
    const page = await phone();
    await signUp(page, baseUrl);
    await open(page, baseUrl, `${DETAIL}?id=${encodeURIComponent('NOPE/USD')}`);
    await page.getByText('The product ID does not exist').first().waitFor();
    expect(await page.getByRole('button', { name: 'Buy more' }).isDisabled()).toBe(true);
    await open(page, baseUrl, DETAIL);
    await page.getByText('Product ID not obtained').first().waitFor();
    expectNoConsoleErrors(errors);
  });

  it('summarises the market on Home with live prices', async () => {
    const page = await phone();
    await signUp(page, baseUrl);
    await open(page, baseUrl, HOME);
    const rows = page.getByTestId('market-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(4);
    // The summary is below the fold: a row off screen is brought up to date once it is shown.
    await rows.first().scrollIntoViewIfNeeded();
    await expectToChange(rows.first().getByTestId('market-price'));
    await shotBoth(page, 'home');
    const symbol = (await rows.first().getAttribute('data-symbol')) ?? '';
    await rows.first().getByRole('link').click();
    await waitForRoute(page, (hash) => hash === `${DETAIL}?id=${encodeURIComponent(symbol)}`);
    await page.getByTestId('quote-price').waitFor();
    expectNoConsoleErrors(errors);
  });
});

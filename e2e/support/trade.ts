import type { Locator, Page } from 'playwright-core';
import { open } from './app.js';

export const PRODUCT_DETAIL = '/app/pages/product/detail';

/**
 * Opens `symbol`'s product page and orders through its dialog as a user does — the direction's
 * button, the period, a quick amount, the direction again — up to the confirmation sheet, which
 * it returns unconfirmed (the journey checks it and presses Confirm).
 */
export async function orderUpToConfirm(
  page: Page,
  baseUrl: string,
  order: { symbol: string; side: 'Buy more' | 'Buy less'; periodS: number; amount: string },
): Promise<Locator> {
  await open(page, baseUrl, `${PRODUCT_DETAIL}?id=${encodeURIComponent(order.symbol)}`);
  await page.getByRole('button', { name: order.side }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm order' });
  await dialog.getByTestId(`period-${order.periodS}`).click();
  await dialog.getByRole('button', { name: order.amount, exact: true }).click();
  await dialog.getByRole('button', { name: order.side }).click();
  const confirm = dialog.getByTestId('order-confirm');
  await confirm.waitFor();
  return confirm;
}

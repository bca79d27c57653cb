import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  expectNoConsoleErrors,
  open,
  shotBothSchemes,
  signUp,
  waitForRoute,
} from '../support/app.js';
import { totpCode } from '../support/admin.js';
import { createStaff, credit } from '../support/ops.js';
import { usePhones } from '../support/phones.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const DAY = 86_400_000;

/** A risk member signed in over HTTP (password, TOTP, password change), then the product made. */
async function createProduct(): Promise<string> {
  const created = await createStaff(`earnrisk${Date.now().toString(36)}`, 'risk');
  const api = (p: string) => `${baseUrl}/api/admin/v1/${p}`;
  const json = { 'content-type': 'application/json' };
  const step1 = await fetch(api('auth/password'), {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: created.username, password: created.oneTimePassword }),
  });
  const { challenge, enrolment } = (
    (await step1.json()) as {
      data: { challenge: string; enrolment: { secret: string } };
    }
  ).data;
  const step2 = await fetch(api('auth/code'), {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ challenge, code: await totpCode(enrolment.secret) }),
  });
  const cookie = (step2.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = ((await step2.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const headers = { ...json, cookie, 'x-csrf-token': csrf };
  await fetch(api('auth/password-change'), {
    method: 'POST',
    headers,
    body: JSON.stringify({
      current: created.oneTimePassword,
      password: 'Staffpass1',
      repassword: 'Staffpass1',
    }),
  });
  const made = await fetch(api('earn/products'), {
    method: 'POST',
    headers,
    body: JSON.stringify({
      names: { 'en-US': 'Steady 7', 'zh-Hans': '稳健 7 天' },
      descriptions: { 'en-US': 'Seven days at 0.15 % a day' },
      currency: 'money',
      dailyRate: '0.0015',
      cycleDays: 7,
      min: '100.00',
      max: '5000.00',
      userQuota: null,
      totalQuota: '1000000.00',
      penaltyRate: '0.05',
      saleStartsAt: null,
      saleEndsAt: null,
      status: 'active',
      sortOrder: 1,
    }),
  });
  const body = (await made.json()) as { code: number; data: { id: string } };
  expect(body.code).toBe(0);
  return body.data.id;
}

/** Moves Earn's days on: the server's test clock reads this file (EARN_TEST_CLOCK_FILE). */
function advanceEarnClock(ms: number) {
  fs.writeFileSync(path.join(dataDir, 'earn-clock-offset-ms'), String(ms));
}

const valueOf = (page: Page | Locator, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').first();

describe('earn', () => {
  const { phone, errors } = usePhones();

  it('subscribes, is paid a day of interest, and redeems early exactly as previewed', async () => {
    const productId = await createProduct();
    const page = await phone();
    const username = await signUp(page, baseUrl);
    await credit(username, '5000.00', 'money');

    await open(page, baseUrl, '/app/pages/user/earn/index');
    await page.getByText('Steady 7').first().waitFor();
    await shotBothSchemes(page, 'earn-home');
    await page.getByText('Steady 7').first().click();
    await waitForRoute(page, (h) => h === `/app/pages/user/earn/detail?id=${productId}`);
    await page.getByText('0.15%').first().waitFor();
    await shotBothSchemes(page, 'earn-detail');

    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('textbox', { name: 'Amount' }).fill('1000.00');
    // The projection of the amount typed: 1.50 a day, 10.50 over the cycle.
    await page.getByText('+10.50').waitFor();
    await shotBothSchemes(page, 'earn-subscribe');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    const hash = await waitForRoute(page, (h) => h.startsWith('/app/pages/user/earn/order?id='));
    await expect
      .poll(() => valueOf(page, 'Daily income').textContent(), { timeout: 15_000 })
      .toBe('1.50 CNY');
    expect(await valueOf(page, 'Holding days').textContent()).toBe('0 / 7');

    // A day later (Earn's clock), the accrual job pays the first day.
    advanceEarnClock(DAY + 60_000);
    await expect
      .poll(
        async () => {
          await page.reload();
          await valueOf(page, 'Holding days').waitFor();
          return valueOf(page, 'Holding days').textContent();
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toBe('1 / 7');
    expect(await valueOf(page, 'Income so far').textContent()).toBe('1.50 CNY');
    await page.locator('td', { hasText: '+1.50' }).first().waitFor();
    await shotBothSchemes(page, 'earn-order-paid');

    // The preview, then the confirmation: the result is exactly the preview.
    await page.getByRole('button', { name: 'Redeem early' }).click();
    const sheet = page.locator('.adm-popup-body');
    await sheet.getByText('Refund amount').waitFor();
    const preview = {
      damages: await valueOf(sheet, 'Liquidated damages').textContent(),
      refund: await valueOf(sheet, 'Refund amount').textContent(),
      kept: await valueOf(sheet, 'Interest paid (kept)').textContent(),
    };
    // Every amount with its currency, as the rest of the app shows money (issue #21).
    expect(preview).toEqual({ damages: '-50.00 CNY', refund: '950.00 CNY', kept: '1.50 CNY' });
    await sheet.getByRole('button', { name: 'Redeem and receive 950.00 CNY' }).waitFor();
    await shotBothSchemes(page, 'earn-redeem-preview');
    await sheet.getByRole('button', { name: /Redeem and receive/ }).click();
    await expect
      .poll(() => valueOf(page, 'Status').textContent(), { timeout: 15_000 })
      .toBe('Redeemed');
    expect(await valueOf(page, 'Refund amount').textContent()).toBe(preview.refund);
    expect(await valueOf(page, 'Liquidated damages').textContent()).toBe('50.00 CNY');
    await shotBothSchemes(page, 'earn-order-redeemed');
    expect(hash).toContain('id=');

    await open(page, baseUrl, '/app/pages/user/earn/order');
    await page.getByText('Redeemed', { exact: true }).first().click();
    await page.getByText('Steady 7').first().waitFor();
    await shotBothSchemes(page, 'earn-orders-redeemed');
    expectNoConsoleErrors(errors);
  }, 180_000);
});

import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  adminShots,
  adminUrl,
  chooseOption,
  firstSignIn,
  pageTitle,
  settled,
  useBackOffice,
} from '../support/admin.js';
import { expectNoConsoleErrors, open, shotBothSchemes, signUp } from '../support/app.js';
import { createStaff } from '../support/ops.js';

const baseUrl = inject('baseUrl');
const REALNAME = '/app/pages/user/setting/realnameAuth';
const run = Date.now().toString(36).slice(-6);
const REVIEWER = `kyc${run}`;
/** A valid PRC number (check character computed below), different per run. */
const ID_NUMBER = withCheck(
  `1101051990${String(10 + (Date.now() % 2)).padStart(2, '0')}15${String(Date.now() % 1000).padStart(3, '0')}`,
);

/** A passport number, different per run. */
const PASSPORT = `E${String(Date.now() % 100_000_000).padStart(8, '0')}`;

function withCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (weights[i] ?? 0);
  return first17 + ('10X98765432'[sum % 11] ?? '');
}

/** A small striped PNG (a stand-in for a photo of a card side), made here, not a fixture. */
function cardPng(r: number, g: number, b: number, width = 480, height = 300): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((1 + width * 3) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * (1 + width * 3) + 1 + x * 3;
      const stripe = Math.floor((x + y) / 24) % 2 === 0 ? 1 : 0.8;
      rows[o] = Math.round(r * stripe);
      rows[o + 1] = Math.round(g * stripe);
      rows[o + 2] = Math.round(b * stripe);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Picks an image for one side and waits for its preview (uploaded, re-encoded, signed). */
async function pickSide(page: Page, side: 'front' | 'back', png: Buffer) {
  const picker = page.getByTestId(`kyc-${side}`);
  await picker.locator('input[type=file]').setInputFiles({
    name: `${side}.png`,
    mimeType: 'image/png',
    buffer: png,
  });
  await picker.locator('img').waitFor();
  await page.waitForFunction((s) => {
    const img = document.querySelector<HTMLImageElement>(`[data-testid="kyc-${s}"] img`);
    return img?.complete === true && img.naturalWidth > 0;
  }, side);
}

const status = (page: Page) => page.getByTestId('kyc-status');

/** The decision a side shows as chosen, if any. */
const checked = (desk: Page, side: 'front' | 'back') =>
  desk.getByTestId(`kyc-decide-${side}`).locator('.ant-radio-button-wrapper-checked').textContent();

/** Chooses a side's decision and waits until the page shows it chosen. */
async function decide(desk: Page, side: 'front' | 'back', decision: 'Approve' | 'Decline') {
  await desk.getByTestId(`kyc-decide-${side}`).getByText(decision, { exact: true }).click();
  await expect.poll(() => checked(desk, side)).toBe(decision);
}

/** The review page: open the user's case and claim it. */
async function openCase(desk: Page, username: string) {
  await desk.goto(adminUrl(baseUrl, '/kyc'));
  // A fresh load: the queue as it is now, not as this page last read it.
  await desk.reload();
  await pageTitle(desk, 'Real-name verification').waitFor();
  await desk.locator('.ant-table-row').filter({ hasText: username }).click();
  await desk.getByTestId('kyc-claim').click();
  await desk.getByTestId('kyc-submit-decision').waitFor();
}

describe('real-name verification, end to end', () => {
  const { desk, phone, errors } = useBackOffice();
  let user: Page;
  let reviewer: Page;
  let username: string;

  it('the user submits their name, number and both sides', async () => {
    user = await phone();
    username = await signUp(user, baseUrl);
    await open(user, baseUrl, REALNAME);
    await expect.poll(() => status(user).getAttribute('data-status')).toBe('uncertified');
    await shotBothSchemes(user, 'kyc-uncertified');
    await user.getByTestId('kyc-name').locator('input').fill('张三');
    await user.getByTestId('kyc-idcard').locator('input').fill(ID_NUMBER);
    await pickSide(user, 'front', cardPng(60, 110, 200));
    await pickSide(user, 'back', cardPng(200, 80, 60));
    await shotBothSchemes(user, 'kyc-filled');
    await user.getByTestId('kyc-submit').click();
    await expect.poll(() => status(user).getAttribute('data-status')).toBe('pending');
    await expect
      .poll(() => status(user).textContent())
      .toContain(`${ID_NUMBER.slice(0, 4)}**********${ID_NUMBER.slice(-4)}`);
    await shotBothSchemes(user, 'kyc-pending');
  });

  it('compliance declines the back side with a reason in the back office', async () => {
    const created = await createStaff(REVIEWER, 'compliance');
    reviewer = await desk();
    await firstSignIn(reviewer, baseUrl, REVIEWER, created.oneTimePassword, 'Compliance2025');
    await openCase(reviewer, username);
    await reviewer.getByTestId('kyc-case-name').getByText('张三').waitFor();
    await decide(reviewer, 'front', 'Approve');
    await decide(reviewer, 'back', 'Decline');
    await chooseOption(reviewer, reviewer.getByTestId('kyc-reason-back'), 'Glare');
    // Zoom and rotate the back before deciding (1–4, quarter turns).
    const back = reviewer.getByTestId('kyc-image-back');
    await back.getByRole('button', { name: 'Zoom in' }).click();
    await back.getByRole('button', { name: 'Rotate' }).click();
    await expect.poll(() => back.locator('img').getAttribute('data-zoom')).toBe('1.5');
    await adminShots(reviewer, 'kyc-review');
    // The choices are still on the page after the scheme changes (a lost one is named here,
    // not as a disabled button 30 s later).
    expect(await checked(reviewer, 'front')).toBe('Approve');
    expect(await checked(reviewer, 'back')).toBe('Decline');
    expect(await back.locator('img').getAttribute('data-zoom')).toBe('1.5');
    await reviewer.getByTestId('kyc-submit-decision').click();
    await reviewer.getByText('Decision recorded').waitFor();
    await settled(reviewer);
  });

  it('the user sees the reason and re-uploads the back only', async () => {
    await user.reload();
    await expect.poll(() => status(user).getAttribute('data-status')).toBe('declined');
    await user.getByText('Light reflects on the card: avoid direct light and retake it.').waitFor();
    expect(await user.getByTestId('kyc-front').count()).toBe(0);
    await shotBothSchemes(user, 'kyc-declined');
    await pickSide(user, 'back', cardPng(200, 150, 60));
    await user.getByTestId('kyc-submit').click();
    await expect.poll(() => status(user).getAttribute('data-status')).toBe('pending');
  });

  it('compliance approves the new back, and the user is Approved', async () => {
    await openCase(reviewer, username);
    expect(await reviewer.getByTestId('kyc-decide-front').count()).toBe(0);
    await decide(reviewer, 'back', 'Approve');
    await reviewer.getByTestId('kyc-submit-decision').click();
    await reviewer.getByText('Decision recorded').waitFor();
    await user.reload();
    await expect.poll(() => status(user).getAttribute('data-status')).toBe('approved');
    expect(await user.getByTestId('kyc-submit').count()).toBe(0);
    await shotBothSchemes(user, 'kyc-approved');
    expectNoConsoleErrors(errors);
  });

  it('compliance accepts passports; another user picks one and it reaches the queue as a passport', async () => {
    await reviewer.goto(adminUrl(baseUrl, '/kyc'));
    await reviewer.reload();
    await pageTitle(reviewer, 'Real-name verification').waitFor();
    const types = reviewer.getByTestId('kyc-doc-types');
    await types.getByText('Passport', { exact: true }).click();
    await reviewer.getByTestId('kyc-doc-types-save').click();
    await reviewer.getByText('Accepted documents saved').waitFor();
    await settled(reviewer);
    await adminShots(reviewer, 'kyc-doc-types');

    const traveller = await phone();
    const travellerName = await signUp(traveller, baseUrl);
    await open(traveller, baseUrl, REALNAME);
    await expect.poll(() => status(traveller).getAttribute('data-status')).toBe('uncertified');
    const picker = traveller.getByTestId('kyc-doc-type');
    await picker.getByText('Chinese resident ID card').waitFor();
    await shotBothSchemes(traveller, 'kyc-doc-picker');
    await picker.getByText('Passport', { exact: true }).click();
    await traveller.getByText('Passport number').waitFor();
    await traveller.getByTestId('kyc-name').locator('input').fill('Anna Müller');
    await traveller.getByTestId('kyc-idcard').locator('input').fill(PASSPORT.toLowerCase());
    await pickSide(traveller, 'front', cardPng(90, 60, 140));
    await pickSide(traveller, 'back', cardPng(60, 140, 90));
    await shotBothSchemes(traveller, 'kyc-passport-filled');
    await traveller.getByTestId('kyc-submit').click();
    await expect.poll(() => status(traveller).getAttribute('data-status')).toBe('pending');
    await expect
      .poll(() => status(traveller).textContent())
      .toContain(`${PASSPORT.slice(0, 2)}*****${PASSPORT.slice(-2)}`);
    expect(await traveller.getByTestId('kyc-doc').textContent()).toBe('Passport');
    await shotBothSchemes(traveller, 'kyc-passport-pending');

    await openCase(reviewer, travellerName);
    expect(await reviewer.getByTestId('kyc-case-doc').textContent()).toBe('Passport');
    await reviewer.getByText('Photo page', { exact: true }).waitFor();
    await adminShots(reviewer, 'kyc-passport-case');

    // Back to the PRC ID card alone, as the other journeys expect.
    const restore = reviewer.getByTestId('kyc-doc-types');
    await restore.getByText('Passport', { exact: true }).click();
    await reviewer.getByTestId('kyc-doc-types-save').click();
    await reviewer.getByText('Accepted documents saved').waitFor();
    expectNoConsoleErrors(errors);
  });
});

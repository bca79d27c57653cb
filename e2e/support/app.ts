import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const ARTIFACTS = path.resolve(import.meta.dirname, '..', '..', '.e2e-artifacts');

/** Opens a hash route of the app and waits for its page title. */
export async function open(page: Page, baseUrl: string, route: string): Promise<void> {
  await page.goto(`${baseUrl}/#${route}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** Waits until the page title reads `expected` (a hash change keeps the old page up a moment). */
export async function expectTitle(page: Page, expected: string, timeoutMs = 10_000): Promise<void> {
  await page
    .getByRole('heading', { level: 1, name: expected, exact: true })
    .first()
    .waitFor({ timeout: timeoutMs });
}

export async function title(page: Page): Promise<string> {
  return (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
}

/** Waits until the hash route (path and query, still encoded) satisfies `check`. */
export async function waitForRoute(
  page: Page,
  check: (hash: string) => boolean,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hash = new URL(page.url()).hash.replace(/^#/, '');
    if (check(hash)) return hash;
    if (Date.now() > deadline) throw new Error(`route never matched; last ${hash}`);
    await page.waitForTimeout(50);
  }
}

let counter = 0;
export const PASSWORD = 'Journey2024';

/** Signs a new user up through the register page; returns the username. */
export async function signUp(page: Page, baseUrl: string): Promise<string> {
  const username = `e2e${Date.now().toString(36)}${++counter}`;
  await open(page, baseUrl, '/app/pages/user/register');
  await page.getByPlaceholder('Enter your account').fill(username);
  await page.getByPlaceholder('Enter your password').fill(PASSWORD);
  await page.getByPlaceholder('Enter the password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await waitForRoute(page, (hash) => !hash.startsWith('/app/pages/user/register'));
  return username;
}

/** Saves a screenshot under .e2e-artifacts/ (looked at by people, not compared by tests). */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** Switches the emulated system colour scheme and waits until the app follows it. */
export async function setScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(
    (expected) => document.documentElement.getAttribute('data-prefers-color-scheme') === expected,
    colorScheme,
  );
}

/** Long enough for antd-mobile's transitions to settle before a screenshot. */
const ANIMATION_MS = 400;

/** Screenshots `<name>-light` and `<name>-dark`, then leaves the page light. */
export async function shotBothSchemes(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    await page.waitForTimeout(ANIMATION_MS);
    await shot(page, `${name}-${scheme}`);
  }
  await setScheme(page, 'light');
}

export function expectNoConsoleErrors(errors: string[]) {
  expect(
    errors.filter(
      (e) =>
        !/favicon|Failed to load resource: the server responded with a status of 40[01]/.test(e),
    ),
  ).toEqual([]);
}

const WEB_LOCALES = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'apps',
  'web',
  'src',
  'i18n',
  'locales',
);

/**
 * A locale's messages as the web app loads them: its feature files
 * (`apps/web/src/i18n/locales/<locale>/<feature>.json`), each holding whole top-level groups,
 * merged into one object.
 */
export function webLocale(locale: string): Record<string, unknown> {
  const dir = path.join(WEB_LOCALES, locale);
  const merged: Record<string, unknown> = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort())
    Object.assign(merged, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  return merged;
}

import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, shot, signUp } from '../support/app.js';
import { usePhones } from '../support/phones.js';
import { MIN_TARGET_PX, smallTargets, type SmallTarget } from '../support/targets.js';

const baseUrl = inject('baseUrl');

const WEB_SRC = path.resolve(import.meta.dirname, '..', '..', 'apps', 'web', 'src');

/**
 * Every page path the app routes: the string literals of its path table (`config/paths.ts`) and
 * of the constants it spreads in (`lib/nav.ts`), read from the source so a new page is scanned
 * without editing this file.
 */
function appPaths(): string[] {
  const found = new Set<string>();
  for (const file of ['config/paths.ts', 'lib/nav.ts']) {
    const source = fs.readFileSync(path.join(WEB_SRC, file), 'utf8');
    for (const m of source.matchAll(/'(\/app\/pages\/[\w/]+)'/g)) if (m[1]) found.add(m[1]);
  }
  return [...found].sort();
}

/** Pages a visitor sees; the rest are scanned signed in. */
const VISITOR_PAGES = [
  '/app/pages/user/login',
  '/app/pages/user/register',
  '/app/pages/user/findpwd',
  '/app/pages/user/userServiceAgreement',
  '/app/pages/index/customer',
  '/app/pages/webview/index',
  '/app/pages/common/limitPage',
];

/**
 * Not scanned again signed in: the sign-in pages send a signed-in user away, and the other
 * visitor pages look the same with a session.
 */
const SIGNED_IN_SKIP = new Set(VISITOR_PAGES);
const PARAMS: Record<string, string> = {
  '/app/pages/common/notice/view': '?id=1',
  '/app/pages/product/detail': '?id=BTC%2FUSDT',
  '/app/pages/trade/orderDialog': '?symbol=BTC%2FUSDT',
};

/** Pages whose controls were resized for touch (#20), screenshotted in both themes to look at. */
const SHOTS = new Set([
  '/app/pages/user/login',
  '/app/pages/index/index',
  '/app/pages/index/noticeDialog',
  '/app/pages/tabbar/markets/index',
  '/app/pages/product/detail',
  '/app/pages/tabbar/trade/index',
  '/app/pages/tabbar/asset/index',
  '/app/pages/user/mark/index',
  '/app/pages/user/recharge/index',
  '/app/pages/user/withdraw/index',
  '/app/pages/user/setting/theme',
  '/app/pages/user/setting/realnameAuth',
  '/app/pages/user/share',
]);

interface Finding {
  route: string;
  scheme: 'light' | 'dark';
  id: string;
  impact: string;
  nodes: string[];
}

const ANIMATION_MS = 350;

/** Opens a route by hash in the same page (no reload), then lets it load and settle. */
async function visit(page: Page, route: string): Promise<void> {
  await page.evaluate((r) => {
    window.location.hash = r;
  }, route);
  // The page (a dialog route shows a dialog instead of a title) and its data.
  await page
    .locator('h1, [role="dialog"]')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page
    .locator('.adm-dot-loading, .adm-spin-loading')
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(ANIMATION_MS);
  // A toast or dialog still fading (antd-mobile's motions set an inline opacity each frame) is
  // scanned once it has settled: axe blends a half-faded toast's dark background with the page
  // behind it (a 404's toast on the notice page, caught mid-fade: contrast 1.17).
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('[style*="opacity"]')).every((e) => {
          const opacity = Number(e.style.opacity);
          return !(opacity > 0 && opacity < 1);
        }),
      undefined,
      { timeout: 3_000, polling: 100 },
    )
    .catch(() => undefined);
}

/**
 * WCAG 2 A and AA rules on the light theme; on the dark one only colour contrast, the one check
 * the theme changes (names, roles and structure are the same markup). Violations only: axe skips
 * gathering the passes, which keeps ~110 scans within three minutes on a two-core machine.
 */
async function scan(page: Page, route: string, scheme: 'light' | 'dark'): Promise<Finding[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const result = await (
    scheme === 'light'
      ? builder.withTags(['wcag2a', 'wcag2aa'])
      : builder.withRules(['color-contrast'])
  ).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      scheme,
      id: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }));
}

describe('accessibility (#20): axe over every route, light and dark; touch targets ≥ 44 px', () => {
  const { phone } = usePhones();

  it('finds no serious or critical WCAG 2 A/AA violation on any page', async () => {
    const routes = appPaths();
    expect(routes.length).toBeGreaterThan(40);
    const findings: Finding[] = [];
    const scanned: Record<string, number> = {};
    // Touch targets are measured once, on the light page: a theme changes colours, not sizes.
    const small: SmallTarget[] = [];
    const measured: string[] = [];
    const record = async (page: Page, route: string, scheme: 'light' | 'dark') => {
      const found = await scan(page, route, scheme);
      findings.push(...found);
      scanned[`${scheme} ${route}`] = found.length;
      if (SHOTS.has(route))
        await shot(
          page,
          `a11y-targets${route.replace('/app/pages', '').replaceAll('/', '-')}-${scheme}`,
        );
      if (scheme === 'light') {
        small.push(...(await smallTargets(page, route)));
        measured.push(route);
      }
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      fs.writeFileSync(
        path.join(ARTIFACTS, 'a11y.json'),
        `${JSON.stringify({ scanned, findings, minTargetPx: MIN_TARGET_PX, small }, null, 2)}\n`,
      );
    };

    // One page per theme in one context (one session), run side by side: while one page waits
    // for its route to settle, the other is scanned.
    const light = await phone();
    const dark = await light.context().newPage();
    await dark.emulateMedia({ colorScheme: 'dark' });
    const pages = [
      [light, 'light'],
      [dark, 'dark'],
    ] as const;
    const pass = (list: readonly string[]) =>
      Promise.all(
        pages.map(async ([page, scheme]) => {
          for (const route of list) {
            await visit(page, `${route}${PARAMS[route] ?? ''}`);
            await record(page, route, scheme);
          }
        }),
      );

    for (const [page, scheme] of pages) {
      await page.goto(`${baseUrl}/#/app/pages/user/login`);
      await page.waitForFunction(
        (expected) =>
          document.documentElement.getAttribute('data-prefers-color-scheme') === expected,
        scheme,
      );
    }
    await pass(VISITOR_PAGES);

    await signUp(light, baseUrl);
    // The dark page reads the new session at its next launch.
    await dark.goto(`${baseUrl}/#/app/pages/tabbar/mine/index`);
    await dark.locator('h1').first().waitFor();
    await pass(routes.filter((r) => !SIGNED_IN_SKIP.has(r)));

    expect(Object.keys(scanned).length).toBeGreaterThan(80);
    expect(findings).toEqual([]);
    // Every control at least 44 × 44 CSS px at 375 × 812 (rules in support/targets.ts).
    expect(measured.length).toBeGreaterThan(40);
    expect(small.map((t) => `${t.route} ${t.element} ${t.width}×${t.height}`)).toEqual([]);
    // About 110 scans: 2–3 minutes on a quiet two-core machine; the limit allows for a loaded one.
  }, 420_000);
});

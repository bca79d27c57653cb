import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  PASSWORD,
  expectTitle,
  open,
  shot,
  shotBothSchemes,
  signUp,
  waitForRoute,
} from '../support/app.js';
import { installingPhone } from '../support/browser.js';
import { usePhones } from '../support/phones.js';

const baseUrl = inject('baseUrl');

const MINE = '/app/pages/tabbar/mine/index';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const OFFLINE = 'Network connection failed, please check the network';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** axe's serious and critical WCAG 2 A/AA findings on the page as it is (the a11y journey's rules). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Once antd-mobile's motions are over: axe blends a half-faded dialog with the page behind it.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[style*="opacity"]')).every((e) => {
      const opacity = Number(e.style.opacity);
      return !(opacity > 0 && opacity < 1);
    }),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('installable app and offline shell (#20)', () => {
  const { phone } = usePhones();

  it('serves a valid web app manifest with its icons, linked from the page', async () => {
    // Linked by the app once its first screen is done (app/manifestLink.ts), not by index.html,
    // whose first download it would slow.
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).not.toContain('rel="manifest"');
    const page = await phone();
    await open(page, baseUrl, '/app/pages/user/login');
    await page.waitForFunction(
      () =>
        document.querySelector('link[rel="manifest"]')?.getAttribute('href') ===
        '/manifest.webmanifest',
    );

    const res = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Ampere',
      short_name: 'Ampere',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    // Installable: a 192 and a 512 icon for any launcher, and a maskable one.
    const wanted = [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ];
    for (const [sizes, purpose] of wanted) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      if (!icon) continue;
      const png = await fetch(new URL(icon.src, baseUrl));
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const size = pngSize(new Uint8Array(await png.arrayBuffer()));
      expect(`${size.width}x${size.height}`).toBe(sizes);
    }

    // The worker is revalidated on every load, so a deploy reaches phones.
    const sw = await fetch(`${baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('registers the service worker, launches offline into the shell, never caches the API', async () => {
    const page = await phone();
    await signUp(page, baseUrl);
    await open(page, baseUrl, '/app/pages/tabbar/asset/index');

    // Registered after the first page has loaded; it controls the page from the next load.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    await page.reload();
    await expectTitle(page, 'Assets');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${baseUrl}/sw.js`,
    );

    // What the worker keeps: the build, never an API answer or a back-office page.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
    expect(cached.filter((u) => /^\/(api|admin)(\/|$)/.test(u))).toEqual([]);

    // A navigation to the API is the server's, not the app shell: the worker steps aside.
    const docs = await page.evaluate(async () => {
      const res = await fetch('/api/v1/openapi.json', { mode: 'same-origin' });
      return { status: res.status, type: res.headers.get('content-type') };
    });
    expect(docs).toEqual({ status: 200, type: expect.stringMatching(/json/) });

    // Offline: the page comes from the worker, the app runs on its stored config, and says why
    // there is no data instead of the browser's error page.
    await page.context().setOffline(true);
    await page.reload();
    await expectTitle(page, 'Assets');
    await page.getByText(OFFLINE).first().waitFor();
    await shot(page, 'pwa-offline-shell');

    // The API is never answered from a cache: offline, a request to it fails.
    const apiOffline = await page.evaluate(async () => {
      try {
        const res = await fetch('/api/v1/common/base');
        return `answered ${res.status}`;
      } catch {
        return 'failed';
      }
    });
    expect(apiOffline).toBe('failed');

    // Back online, the banner goes and the data comes, by itself: the reads held while offline
    // are fetched (the records' empty state of a new user), and no page says "failed".
    await page.context().setOffline(false);
    await page.getByText('No balance changes yet').waitFor();
    await page.getByText('Total assets', { exact: true }).waitFor();
    expect(await page.getByText(OFFLINE).count()).toBe(0);
  });

  it('fails an action taken offline at once, and never sends it when the network returns', async () => {
    const page = await phone();
    await open(page, baseUrl, '/app/pages/user/register');
    const username = `off${Date.now().toString(36)}`;
    await page.getByPlaceholder('Enter your account').fill(username);
    await page.getByPlaceholder('Enter your password').fill(PASSWORD);
    await page.getByPlaceholder('Enter the password again').fill(PASSWORD);
    // The toast comes in a chunk of its own, fetched once the first screen is done
    // (pages/user/useSignIn.ts): a person takes longer to fill three fields than that takes, this
    // test does not, and offline before it is in, no toast could be shown (CI, session 26).
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((e) => /\/assets\/overlays-[\w-]+\.js$/.test(e.name)),
    );
    await page.waitForLoadState('networkidle');

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    // The request layer's words, now — not a button spinning until the network comes back.
    await page.locator('.adm-toast-main').getByText(OFFLINE).waitFor();

    // Back online, nothing is sent by itself: the page stays, and the name is still free.
    await page.context().setOffline(false);
    await page.getByText(OFFLINE).first().waitFor({ state: 'hidden' });
    await page.waitForTimeout(3_000);
    expect(await page.evaluate(() => window.location.hash)).toBe('#/app/pages/user/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await waitForRoute(page, (hash) => !hash.startsWith('/app/pages/user/register'));
    await page.getByText('Successful registration').waitFor();
  });

  it('says why a sign-in failed on the page when the toast cannot be loaded', async () => {
    const username = await signUp(await phone(), baseUrl);
    const page = await phone();
    // A first visit whose network dropped before the toast's chunk came: its request fails,
    // whether the page or the service worker's precache asks for it.
    await page.context().route(/\/assets\/overlays-[\w-]+\.js$/, (route) => route.abort());
    await open(page, baseUrl, '/app/pages/user/login');
    const failure = page.getByTestId('auth-failure');
    expect(await failure.getAttribute('role')).toBe('status');
    expect(await failure.textContent()).toBe('');

    await page.getByPlaceholder('Enter your account').fill(username);
    await page.getByPlaceholder('Enter your password').fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await failure.getByText('Incorrect account or password').waitFor();
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    await shotBothSchemes(page, 'auth-failure-inline');

    // The right password: the message goes as the attempt starts, and the user is in.
    await page.getByPlaceholder('Enter your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitForRoute(page, (hash) => !hash.startsWith('/app/pages/user/login'));
  });

  it('is installable: Chromium finds no installability error in the manifest and worker', async () => {
    const page = await phone();
    // An off-the-record profile is never offered installation (the next test uses one on disk).
    await page.addInitScript(() => {
      const w = window as unknown as { __installPrompt: boolean };
      w.__installPrompt = false;
      window.addEventListener('beforeinstallprompt', () => {
        w.__installPrompt = true;
      });
    });
    await open(page, baseUrl, '/app/pages/user/login');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.reload();
    await expectTitle(page, 'Log in');
    // The app links its manifest once its first screen is done (app/manifestLink.ts).
    await page.waitForFunction(() => document.querySelector('link[rel="manifest"]') !== null);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are off-the-record profiles, where Chromium never installs; that is
    // the browser profile's, not the app's, and is the only error allowed.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const prompted = await page.evaluate(
      () => (window as unknown as { __installPrompt: boolean }).__installPrompt,
    );
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(
      path.join(ARTIFACTS, 'pwa-install.json'),
      `${JSON.stringify({ installabilityErrors, beforeInstallPromptFired: prompted })}\n`,
    );
    await shotBothSchemes(page, 'pwa-installable-login');
  });

  it('offers to install from Mine: Chromium’s own dialog, or on an iPhone the share menu’s steps', async () => {
    // Chromium: the app holds the browser's prompt (app/install.ts) and opens it from Mine.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-install-'));
    const installing = await installingPhone(profile);
    try {
      const page = installing.pages()[0] ?? (await installing.newPage());
      // The prompts the app opens, counted in the page: headless Chromium shows none and answers
      // "dismissed" (and may offer the next at once, so the entry can stay).
      await page.addInitScript(() => {
        const w = window as unknown as { __prompted: number };
        w.__prompted = 0;
        const counted = (e: Event) => {
          const held = e as Event & { prompt: () => Promise<void> };
          const prompt = held.prompt.bind(held);
          held.prompt = () => {
            w.__prompted += 1;
            return prompt();
          };
        };
        window.addEventListener('beforeinstallprompt', counted, { capture: true });
      });
      await signUp(page, baseUrl);
      await open(page, baseUrl, MINE);
      const install = page.getByText('Install the app', { exact: true });
      await install.waitFor();
      await install.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await shotBothSchemes(page, 'pwa-install-entry');
      await install.click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __prompted: number }).__prompted))
        .toBe(1);
    } finally {
      await installing.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }

    // An iPhone: no such event, so the entry says how to add the app by hand.
    const iphone = await phone({ userAgent: IPHONE_SAFARI });
    await signUp(iphone, baseUrl);
    await open(iphone, baseUrl, MINE);
    await iphone.getByText('Install the app', { exact: true }).click();
    const dialog = iphone
      .locator('.adm-modal')
      .filter({ hasText: 'Add the app to your Home Screen' });
    await dialog.getByText('Add the app to your Home Screen').waitFor();
    await expect
      .poll(() => dialog.getByRole('listitem').allTextContents())
      .toEqual([
        "Tap the Share button in your browser's toolbar.",
        'Choose “Add to Home Screen”.',
        'Tap Add. The app then opens from its icon, full screen.',
      ]);
    expect(await seriousViolations(iphone)).toEqual([]);
    await shotBothSchemes(iphone, 'pwa-install-prompt-iphone');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await dialog.getByText('Add the app to your Home Screen').waitFor({ state: 'hidden' });
  });

  it('keeps the layout still while prices stream: CLS ≤ 0.05 on Markets and Home', async () => {
    const page = await phone();
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await signUp(page, baseUrl);
    const measured: Record<string, number> = {};
    for (const [route, heading] of [
      ['/app/pages/tabbar/markets/index', 'Markets'],
      ['/app/pages/tabbar/index/index', 'Ampere'],
    ] as const) {
      await open(page, baseUrl, route);
      await expectTitle(page, heading);
      // Once the first prices are in, measure what a few seconds of ticks move.
      await page.getByTestId('market-price').first().waitFor();
      await page.waitForTimeout(1_000);
      await page.evaluate(() => {
        (window as unknown as { __cls: number }).__cls = 0;
      });
      await page.waitForTimeout(6_000);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      measured[route] = cls;
      expect(cls, route).toBeLessThanOrEqual(0.05);
    }
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'pwa-cls.json'), `${JSON.stringify(measured)}\n`);
  });

  it('keeps Home still on a signed-in cold load: CLS ≤ 0.05 until its parts and data are in', async () => {
    // The session, from a sign-up in a first context; the measured load is a fresh one (cold cache).
    const first = await phone();
    await signUp(first, baseUrl);
    const session = await first.evaluate(() => ({
      token: localStorage.getItem('ampere.token') ?? '',
      user: localStorage.getItem('ampere.user') ?? '',
    }));
    expect(session.token).not.toBe('');
    const measured: Record<string, unknown> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await phone({ colorScheme });
      await page.addInitScript((s) => {
        localStorage.setItem('ampere.token', s.token);
        localStorage.setItem('ampere.user', s.user);
        const w = window as unknown as {
          __shifts: { value: number; at: number; nodes: string[] }[];
        };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const nodes = (entry.sources ?? []).map((src) => {
              const el = src.node instanceof Element ? src.node : src.node?.parentElement;
              return el ? `${el.tagName.toLowerCase()}.${el.className}` : '?';
            });
            w.__shifts.push({ value: entry.value, at: Math.round(entry.startTime), nodes });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      }, session);
      // A slow phone network (Lighthouse's slow 4G), so the lazy parts and the data come late and
      // one by one, as they do on a phone.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      // Each of the build's files is fetched once: what first-page.js preloads is what the app
      // then asks for (a style sheet preloaded in another CORS mode was fetched again).
      const fetched = new Map<string, number>();
      cdp.on('Network.requestWillBeSent', ({ request }) => {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith('/assets/'))
          fetched.set(pathname, (fetched.get(pathname) ?? 0) + 1);
      });
      await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
      // The first screen, while loading: Home's parts in their places — their placeholders, or
      // the parts themselves when launch had their chunk in before the first render.
      await page
        .getByRole('status', { name: 'Loading…' })
        .or(page.getByRole('heading', { name: 'Announcements' }))
        .first()
        .waitFor();
      await shot(page, `pwa-home-loading-${colorScheme}`);
      // Everything in: the lazy parts, the balances, the announcements and the market rows.
      await expectTitle(page, 'Ampere', 60_000);
      await page.getByTestId('market-price').first().waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: 'Announcements' }).waitFor({ timeout: 60_000 });
      // The balances show a dash until user/home answers.
      await page.waitForFunction(() => !document.body.innerText.includes('—'), undefined, {
        timeout: 60_000,
      });
      await page
        .getByRole('status', { name: 'Loading…' })
        .first()
        .waitFor({ state: 'detached', timeout: 60_000 });
      await page.waitForTimeout(1_000);
      await shot(page, `pwa-home-loaded-${colorScheme}`);
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: { value: number }[] }).__shifts,
      );
      const cls = shifts.reduce((sum, s) => sum + s.value, 0);
      measured[colorScheme] = { cls, shifts };
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.05);
      expect(fetched.size).toBeGreaterThan(3);
      expect([...fetched].filter(([, times]) => times > 1)).toEqual([]);
    }
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(
      path.join(ARTIFACTS, 'pwa-home-cold-cls.json'),
      `${JSON.stringify(measured)}\n`,
    );
  });
});

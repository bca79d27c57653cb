import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, with the flags this project's machines need (no network but loopback). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (!found)
    throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export const PHONE = { width: 375, height: 812 } as const;

export interface PhoneOptions {
  colorScheme?: 'light' | 'dark';
  locale?: string;
  /** Another browser's name, e.g. an iPhone's Safari (the engine is still Chromium). */
  userAgent?: string;
}

const PHONE_CONTEXT = { viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Every context a journey has open, for what a failed test prints (support/diagnose.ts). */
export const openContexts = new Set<BrowserContext>();

async function tracked(context: Promise<BrowserContext>): Promise<BrowserContext> {
  const opened = await context;
  openContexts.add(opened);
  opened.on('close', () => openContexts.delete(opened));
  return opened;
}

/** A fresh phone-sized context: empty storage, its own cookies. */
export function phoneContext(browser: Browser, opts: PhoneOptions = {}): Promise<BrowserContext> {
  return tracked(
    browser.newContext({
      ...PHONE_CONTEXT,
      colorScheme: opts.colorScheme ?? 'light',
      locale: opts.locale ?? 'en-US',
      ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    }),
  );
}

/**
 * A phone-sized browser with a profile on disk in `dir`, where Chromium offers to install a web
 * app (`beforeinstallprompt`); it never does in `phoneContext`'s off-the-record ones. The
 * engagement Chromium asks of a user first (time and taps on the site) is waived.
 */
export function installingPhone(dir: string): Promise<BrowserContext> {
  return tracked(
    chromium.launchPersistentContext(dir, {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS, '--bypass-app-banner-engagement-checks'],
      ...PHONE_CONTEXT,
      locale: 'en-US',
    }),
  );
}

/** The hash route the page is on, e.g. `/app/pages/user/login?r=…`. */
export function hashPath(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '');
}

/** The back office is a desktop app: the window it is designed and screenshotted at. */
export const DESKTOP = { width: 1440, height: 900 } as const;

export interface AdminOptions {
  colorScheme?: 'light' | 'dark';
  locale?: string;
}

/** A fresh desktop-sized context for the back office: empty storage, its own cookies. */
export function adminContext(browser: Browser, opts: AdminOptions = {}): Promise<BrowserContext> {
  return tracked(
    browser.newContext({
      viewport: DESKTOP,
      deviceScaleFactor: 1,
      colorScheme: opts.colorScheme ?? 'light',
      locale: opts.locale ?? 'en-US',
    }),
  );
}

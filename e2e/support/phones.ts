import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, phoneContext, type PhoneOptions } from './browser.js';

/**
 * One browser per `describe`, and phone-sized pages that record console errors and page
 * crashes. Contexts close after each test, or only at the end for a journey told in order
 * across tests (`keepBetweenTests`). Call it inside the `describe`, before its own hooks.
 */
export function usePhones(opts: { keepBetweenTests?: boolean } = {}) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** Console errors and uncaught exceptions of the pages, cleared after each test. */
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await browser?.close();
  });
  if (!opts.keepBetweenTests) {
    afterEach(async () => {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
      errors.length = 0;
    });
  }

  const phone = async (options: PhoneOptions = {}): Promise<Page> => {
    if (!browser) throw new Error('usePhones: the browser starts in beforeAll');
    const context = await phoneContext(browser, options);
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return page;
  };
  return { phone, errors, contexts };
}
